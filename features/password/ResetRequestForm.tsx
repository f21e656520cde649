import { EmailField } from '../../ui/form/EmailField';
import { FormAlert } from '../../ui/form/FormAlert';
import { requestErrorText } from '../../ui/form/requestErrorMessage';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { useEndpointForm } from '../../ui/form/useEndpointForm';
import { useT } from '../../ui/intl/useT';

/** Step one of a password reset: the server answers the same whether the email has an account. */
export function ResetRequestForm({ onSuccess }: { onSuccess: (email: string) => void }) {
  const t = useT();
  const { busy, error, fieldErrors, alertRef, formProps } = useEndpointForm(
    'requestPasswordReset',
    {
      toArg: (values) => ({ email: values.email.trim() }),
      onSuccess: (body) => onSuccess(body.email),
    },
  );
  return (
    <form {...formProps}>
      <FormAlert ref={alertRef} message={error ? requestErrorText(t, error) : null} />
      <EmailField error={fieldErrors.messages.email} />
      <SubmitButton
        label={t('reset.requestSubmit')}
        busyLabel={t('reset.requestSubmitting')}
        busy={busy}
      />
    </form>
  );
}
