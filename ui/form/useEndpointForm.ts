import { useRef, type SubmitEvent } from 'react';

import {
  endpoints,
  formFields,
  type EndpointSpec,
  type FormEndpoint,
  type FormFieldOf,
  type FormName,
} from '../../contract/endpoints';
import { fieldErrors as refused, type FieldErrors } from '../../contract/schemas';
import { api, decodeRequestError, UNTRACKED, type ArgOf } from '../../store/apiSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectSubmission, validationFailed } from '../../store/submissionsSlice';

import type { FormField } from './fieldErrorMessage';
import { focusFirstInvalid, readFields } from './formElements';
import { useFieldErrors } from './useFieldErrors';

interface EndpointFormOptions<N extends FormEndpoint, K extends FormField> {
  /** The fields the form shows: by default every field a visitor types for the endpoint's body. */
  fields?: readonly K[];
  /** The request's argument (its body, and the path's parameters) from the fields' values. */
  toArg: (values: Record<K, string>) => ArgOf<N>;
  /** The form's own checks, instead of the endpoint's body schema (the contract's rules). */
  validate?: (values: Record<K, string>) => FieldErrors<K>;
  /** Called with the argument just before it is sent. */
  onSend?: (arg: ArgOf<N>) => void;
  /** Called with the argument sent and the form, e.g. to clear it. */
  onSuccess?: (arg: ArgOf<N>, form: HTMLFormElement) => void;
}

type Sent = Promise<{ data: unknown } | { error: unknown }>;

/**
 * An endpoint a form or a button sends, named once: its request state (the table's `form`) and
 * its trigger, which resolves with RTK Query's result.
 */
export function useEndpointCall<N extends FormEndpoint>(endpoint: N) {
  const dispatch = useAppDispatch();
  const name = (endpoints[endpoint] as EndpointSpec).form as FormName;
  const submission = useAppSelector((state) => selectSubmission(state, name));
  function send(arg: ArgOf<N>): Sent {
    // One trigger for every form's endpoint: TypeScript cannot pair a union of names with its args.
    const { initiate } = api.endpoints[endpoint] as unknown as {
      initiate: (arg: ArgOf<N>, options: typeof UNTRACKED) => Parameters<typeof dispatch>[0];
    };
    return dispatch(initiate(arg, UNTRACKED)) as unknown as Sent;
  }
  return { name, submission, send };
}

/**
 * The form of an endpoint, named once: its request state (the table's `form`), its fields, its
 * checks (the body's schema) and its request all come from the endpoint's entry. The submit flow
 * every form shares: read the fields, check them, focus the first problem, send, then hand
 * success on or point at what the server refused.
 */
export function useEndpointForm<
  N extends FormEndpoint,
  K extends FormField = Extract<FormFieldOf<N>, FormField>,
>(endpoint: N, options: EndpointFormOptions<N, K>) {
  const spec: EndpointSpec = endpoints[endpoint];
  const { name, submission, send } = useEndpointCall(endpoint);
  const fields = options.fields ?? (formFields(endpoint) as readonly FormField[] as readonly K[]);
  const body = spec.body as Parameters<typeof refused<K>>[0] | undefined;
  const validate =
    options.validate ?? ((values: Record<K, string>) => (body ? refused(body, values) : {}));
  const dispatch = useAppDispatch();
  const error = submission.status === 'failed' ? submission.error : null;
  const fieldErrors = useFieldErrors(fields, validate, error?.fields);
  const alertRef = useRef<HTMLDivElement>(null);
  const busy = submission.status === 'pending';

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const values = readFields(form, fields);
    const arg = options.toArg(values);
    // The argument's own values (trimmed, say) win over the raw ones; fields it leaves out, such
    // as a confirmation box, are checked as read.
    const invalid = validate({ ...values, ...(arg as object) });
    fieldErrors.setClientErrors(invalid);
    if (focusFirstInvalid(form, fields, invalid)) {
      dispatch(validationFailed({ form: name, fields: invalid }));
      return;
    }
    options.onSend?.(arg);
    const result = await send(arg);
    if ('data' in result) return options.onSuccess?.(arg, form);
    const { fields: refusedFields } = decodeRequestError(result.error);
    if (!focusFirstInvalid(form, fields, refusedFields)) alertRef.current?.focus();
  }

  /** Spread on the `<form>`: no browser validation (the form has its own), busy while sending. */
  const formProps = {
    className: 'form',
    noValidate: true,
    'aria-busy': busy,
    onSubmit: handleSubmit,
    onChange: fieldErrors.recheckOnChange,
  };
  const succeeded = submission.status === 'succeeded';
  return { busy, error, succeeded, fieldErrors, alertRef, formProps };
}
