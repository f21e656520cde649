import { PASSWORD_MIN_LENGTH } from '../../contract/schemas';
import { CodeField } from '../../ui/form/CodeField';
import { EmailField } from '../../ui/form/EmailField';
import { FormAlert } from '../../ui/form/FormAlert';
import { PasswordField } from '../../ui/form/PasswordField';
import { codeRequestErrorText } from '../../ui/form/requestErrorMessage';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { useEndpointForm } from '../../ui/form/useEndpointForm';
import { useT } from '../../ui/intl/useT';

interface ResetPasswordFormProps {
  initialEmail: string;
  initialCode: string;
  /** The token of the mail's link (`?token=`), sent beside the code. */
  linkToken?: string;
}

/**
 * Step two: the mailed code and a new password; a right pair signs the visitor in, or leads to
 * the login's second step where two-step sign-in is on (every way in's one rule, store/wayIn.ts).
 */
export function ResetPasswordForm({
  initialEmail,
  initialCode,
  linkToken,
}: ResetPasswordFormProps) {
  const t = useT();
  const { busy, error, fieldErrors, alertRef, formProps } = useEndpointForm('resetPassword', {
    toArg: (values) => ({
      email: values.email.trim(),
      code: values.code.trim(),
      password: values.password,
      ...(linkToken ? { linkToken } : {}),
    }),
  });
  return (
    <form {...formProps}>
      <FormAlert ref={alertRef} message={error ? codeRequestErrorText(t, error) : null} />
      <EmailField defaultValue={initialEmail} error={fieldErrors.messages.email} />
      <CodeField
        label={t('field.resetCode.label')}
        hint={t('field.code.hint')}
        error={fieldErrors.messages.code}
        defaultValue={initialCode}
      />
      <PasswordField
        label={t('field.newPassword.label')}
        hint={t('field.newPassword.hint', { min: PASSWORD_MIN_LENGTH })}
        name="password"
        autoComplete="new-password"
        error={fieldErrors.messages.password}
      />
      <SubmitButton label={t('reset.submit')} busyLabel={t('reset.submitting')} busy={busy} />
    </form>
  );
}
