import { PASSWORD_MIN_LENGTH } from '../../contract/schemas';
import { EmailField } from '../../ui/form/EmailField';
import { Field } from '../../ui/form/Field';
import { FormAlert } from '../../ui/form/FormAlert';
import { PasswordField } from '../../ui/form/PasswordField';
import { requestErrorText } from '../../ui/form/requestErrorMessage';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { useEndpointForm } from '../../ui/form/useEndpointForm';
import { useT } from '../../ui/intl/useT';

/** `onSuccess` gets the address the activation code was sent to. */
export function SignupForm({ onSuccess }: { onSuccess: (email: string) => void }) {
  const t = useT();
  const { busy, error, fieldErrors, alertRef, formProps } = useEndpointForm('signup', {
    toArg: (values) => ({
      name: values.name.trim(),
      email: values.email.trim(),
      password: values.password,
    }),
    onSuccess: (body) => onSuccess(body.email),
  });

  return (
    <form {...formProps}>
      <FormAlert ref={alertRef} message={error ? requestErrorText(t, error) : null} />
      <Field
        label={t('field.name.label')}
        name="name"
        type="text"
        autoComplete="name"
        error={fieldErrors.messages.name}
      />
      <EmailField error={fieldErrors.messages.email} />
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
