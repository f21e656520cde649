import { formFields } from '../../../contract/endpoints';
import { fieldErrors as refused, RequestPasswordResetBody } from '../../../contract/schemas';
import { api, UNTRACKED } from '../../../store/api/apiSlice';
import { useAppDispatch } from '../../../store/hooks';
import { EmailField } from '../form/EmailField';
import { FormAlert } from '../form/FormAlert';
import { requestErrorText } from '../form/requestErrorMessage';
import { SubmitButton } from '../form/SubmitButton';
import { useAccountForm } from '../form/useAccountForm';
import { useT } from '../intl/useT';

const FIELDS = formFields('requestPasswordReset');

/** Step one of a password reset: the server answers the same whether the email has an account. */
export function ResetRequestForm({ onSuccess }: { onSuccess: (email: string) => void }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const { busy, error, fieldErrors, alertRef, formProps } = useAccountForm({
    name: 'requestReset',
    fields: FIELDS,
    validate: (values) => refused(RequestPasswordResetBody, values),
    toBody: (values) => ({ email: values.email.trim() }),
    send: (body) => dispatch(api.endpoints.requestPasswordReset.initiate(body, UNTRACKED)),
    onSuccess: (body) => onSuccess(body.email),
  });
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
