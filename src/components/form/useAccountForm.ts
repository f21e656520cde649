import { useRef, type SubmitEvent } from 'react';

import type { FieldErrors } from '../../../contract/schemas';
import { decodeRequestError } from '../../../store/api/apiSlice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import {
  selectSubmission,
  validationFailed,
  type FormName,
} from '../../../store/submissions/submissionsSlice';

import type { FormField } from './fieldErrorMessage';
import { focusFirstInvalid, readFields } from './formElements';
import { useFieldErrors } from './useFieldErrors';

interface AccountFormOptions<K extends FormField, B> {
  /** Whose request status this form shows. */
  name: FormName;
  fields: readonly K[];
  /** The contract's rules for this form (the checks of contract/schemas.ts). */
  validate: (values: Record<K, string>) => FieldErrors<K>;
  toBody: (values: Record<K, string>) => B;
  /** Dispatches the request; resolves with RTK Query's result. */
  send: (body: B) => Promise<{ data: unknown } | { error: unknown }>;
  /** Called with the body sent and the form, e.g. to clear it. */
  onSuccess?: (body: B, form: HTMLFormElement) => void;
}

/**
 * The submit flow every account form shares: read the fields, check them with the contract's
 * rules, focus the first problem, send, then hand success on or point at what the server refused.
 */
export function useAccountForm<K extends FormField, B>(options: AccountFormOptions<K, B>) {
  const { name, fields, validate, toBody, send, onSuccess } = options;
  const dispatch = useAppDispatch();
  const submission = useAppSelector((state) => selectSubmission(state, name));
  const error = submission.status === 'failed' ? submission.error : null;
  const fieldErrors = useFieldErrors(fields, validate, error?.fields);
  const alertRef = useRef<HTMLDivElement>(null);
  const busy = submission.status === 'pending';

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const values = readFields(form, fields);
    const body = toBody(values);
    // The body's own values (trimmed, say) win over the raw ones; fields it leaves out, such as
    // a confirmation box, are checked as read.
    const invalid = validate({ ...values, ...body });
    fieldErrors.setClientErrors(invalid);
    if (focusFirstInvalid(form, fields, invalid)) {
      dispatch(validationFailed({ form: name, fields: invalid }));
      return;
    }
    const result = await send(body);
    if ('data' in result) return onSuccess?.(body, form);
    const { fields: refused } = decodeRequestError(result.error);
    if (!focusFirstInvalid(form, fields, refused)) alertRef.current?.focus();
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
