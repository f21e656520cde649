import { useRef, type FormEvent } from 'react';

import { PASSWORD_MIN_LENGTH, validateSignup } from '../../../contract/rules';
import { api, UNTRACKED } from '../../../store/api/apiSlice';
import { decodeRequestError } from '../../../store/api/decode';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectSubmission } from '../../../store/submissions/submissionsSlice';
import { Field } from '../form/Field';
import { FormAlert } from '../form/FormAlert';
import { focusFirstInvalid, readFields } from '../form/formFields';
import { PasswordField } from '../form/PasswordField';
import { requestErrorMessage } from '../form/requestErrorMessage';
import { SubmitButton } from '../form/SubmitButton';
import { useFieldErrors } from '../form/useFieldErrors';
import { useT } from '../intl/useT';

const FIELDS = ['name', 'email', 'password'] as const;

/** `onSuccess` gets the address the activation code was sent to. */
export function SignupForm({ onSuccess }: { onSuccess: (email: string) => void }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const submission = useAppSelector((state) => selectSubmission(state, 'signup'));
  const error = submission.status === 'failed' ? submission.error : null;
  const fieldErrors = useFieldErrors(FIELDS, validateSignup, error?.fields);
  const alertRef = useRef<HTMLDivElement>(null);
  const busy = submission.status === 'pending';

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const values = readFields(form, FIELDS);
    const body = {
      name: values.name.trim(),
      email: values.email.trim(),
      password: values.password,
    };
    const invalid = validateSignup(body);
    fieldErrors.setClientErrors(invalid);
    if (focusFirstInvalid(form, FIELDS, invalid)) return;
    const result = await dispatch(api.endpoints.signup.initiate(body, UNTRACKED));
    if ('data' in result) return onSuccess(body.email);
    const { fields } = decodeRequestError(result.error);
    if (!focusFirstInvalid(form, FIELDS, fields)) alertRef.current?.focus();
  }

  return (
    <form
      className="form"
      noValidate
      aria-busy={busy}
      onSubmit={handleSubmit}
      onChange={fieldErrors.recheckOnChange}
    >
      <FormAlert ref={alertRef} message={error ? t(requestErrorMessage(error.code)) : null} />
      <Field
        label={t('field.name.label')}
        name="name"
        type="text"
        autoComplete="name"
        error={fieldErrors.messages.name}
      />
      <Field
        label={t('field.email.label')}
        name="email"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        error={fieldErrors.messages.email}
      />
      <PasswordField
        label={t('field.password.label')}
        name="password"
        autoComplete="new-password"
        hint={t('field.newPassword.hint', { min: PASSWORD_MIN_LENGTH })}
        error={fieldErrors.messages.password}
      />
      <SubmitButton label={t('signup.submit')} busyLabel={t('signup.submitting')} busy={busy} />
    </form>
  );
}
