import { useRef } from 'react';

import { checkEmail } from '../../../contract/rules';
import { fieldErrors as refused, VerifyAccountBody } from '../../../contract/schemas';
import { api, UNTRACKED } from '../../../store/api/apiSlice';
import { useAppDispatch } from '../../../store/hooks';
import { validationFailed } from '../../../store/submissions/submissionsSlice';
import { CodeField } from '../form/CodeField';
import { EmailField } from '../form/EmailField';
import { FormAlert } from '../form/FormAlert';
import { focusFirstInvalid, readFields } from '../form/formFields';
import { PasswordField } from '../form/PasswordField';
import { requestErrorText } from '../form/requestErrorMessage';
import { SubmitButton } from '../form/SubmitButton';
import { useAccountForm } from '../form/useAccountForm';
import { useT } from '../intl/useT';

import { ResendCodeButton } from './ResendCodeButton';

const FIELDS = ['email', 'code', 'password'] as const;

interface ActivationFormProps {
  initialEmail: string;
  initialCode: string;
  onSuccess: () => void;
}

export function ActivationForm({ initialEmail, initialCode, onSuccess }: ActivationFormProps) {
  const t = useT();
  const dispatch = useAppDispatch();
  const { busy, error, fieldErrors, alertRef, formProps } = useAccountForm({
    name: 'activation',
    fields: FIELDS,
    validate: (values) => refused(VerifyAccountBody, values),
    toBody: (values) => ({
      email: values.email.trim(),
      code: values.code.trim(),
      password: values.password,
    }),
    send: (body) => dispatch(api.endpoints.verifyAccount.initiate(body, UNTRACKED)),
    onSuccess,
  });
  const formRef = useRef<HTMLFormElement>(null);

  function emailForResend(): string | null {
    const form = formRef.current;
    if (!form) return null;
    const email = readFields(form, ['email']).email.trim();
    const problem = checkEmail(email);
    if (!problem) return email;
    fieldErrors.setClientErrors({ email: problem });
    focusFirstInvalid(form, ['email'], { email: problem });
    dispatch(validationFailed({ form: 'resend', fields: { email: problem } }));
    return null;
  }

  return (
    <form ref={formRef} {...formProps}>
      <FormAlert ref={alertRef} message={error ? requestErrorText(t, error) : null} />
      <EmailField defaultValue={initialEmail} error={fieldErrors.messages.email} />
      <CodeField
        label={t('field.code.label')}
        hint={t('field.code.hint')}
        error={fieldErrors.messages.code}
        defaultValue={initialCode}
      />
      <PasswordField
        label={t('field.signupPassword.label')}
        hint={t('field.signupPassword.hint')}
        name="password"
        autoComplete="current-password"
        error={fieldErrors.messages.password}
      />
      <SubmitButton
        label={t('activation.submit')}
        busyLabel={t('activation.submitting')}
        busy={busy}
      />
      <ResendCodeButton getEmail={emailForResend} />
    </form>
  );
}
