import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';

import { validateLogin } from '../../../contract/rules';
import { api, UNTRACKED } from '../../../store/api/apiSlice';
import { decodeRequestError } from '../../../store/api/decode';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { activationHref } from '../../../store/router/routes';
import { selectSubmission } from '../../../store/submissions/submissionsSlice';
import { Field } from '../form/Field';
import { FormAlert } from '../form/FormAlert';
import { focusFirstInvalid, readFields } from '../form/formFields';
import { PasswordField } from '../form/PasswordField';
import { requestErrorMessage } from '../form/requestErrorMessage';
import { SubmitButton } from '../form/SubmitButton';
import { useFieldErrors } from '../form/useFieldErrors';
import { useT } from '../intl/useT';

import { ResendCodeButton } from './ResendCodeButton';

const FIELDS = ['email', 'password'] as const;

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const submission = useAppSelector((state) => selectSubmission(state, 'login'));
  const error = submission.status === 'failed' ? submission.error : null;
  const fieldErrors = useFieldErrors(FIELDS, validateLogin, error?.fields);
  const [attemptedEmail, setAttemptedEmail] = useState('');
  const alertRef = useRef<HTMLDivElement>(null);
  const busy = submission.status === 'pending';

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const values = readFields(form, FIELDS);
    const body = { email: values.email.trim(), password: values.password };
    const invalid = validateLogin(body);
    fieldErrors.setClientErrors(invalid);
    if (focusFirstInvalid(form, FIELDS, invalid)) return;
    setAttemptedEmail(body.email);
    const result = await dispatch(api.endpoints.login.initiate(body, UNTRACKED));
    if ('data' in result) return onSuccess();
    const { fields } = decodeRequestError(result.error);
    if (!focusFirstInvalid(form, FIELDS, fields)) alertRef.current?.focus();
  }

  // The address is known only when this form sent it, not in a state restored from elsewhere.
  const notActivated = error?.code === 'ACCOUNT_NOT_ACTIVATED' && attemptedEmail !== '';
  const alert = !error
    ? null
    : notActivated
      ? t('login.notActivated', { email: attemptedEmail })
      : t(requestErrorMessage(error.code));

  return (
    <form
      className="form"
      noValidate
      aria-busy={busy}
      onSubmit={handleSubmit}
      onChange={fieldErrors.recheckOnChange}
    >
      <FormAlert ref={alertRef} message={alert}>
        {notActivated ? (
          <div className="form-alert__actions">
            <Link to={activationHref(attemptedEmail)}>{t('login.enterCodeLink')}</Link>
            <ResendCodeButton getEmail={() => attemptedEmail} />
          </div>
        ) : null}
      </FormAlert>
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
        autoComplete="current-password"
        error={fieldErrors.messages.password}
      />
      <SubmitButton label={t('login.submit')} busyLabel={t('login.submitting')} busy={busy} />
    </form>
  );
}
