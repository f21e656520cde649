import { formFields } from '../../../contract/endpoints';
import { PASSWORD_MIN_LENGTH } from '../../../contract/schemas';
import { fieldErrors as refused, SignupBody } from '../../../contract/schemas';
import { api, UNTRACKED } from '../../../store/api/apiSlice';
import { useAppDispatch } from '../../../store/hooks';
import { EmailField } from '../form/EmailField';
import { Field } from '../form/Field';
import { FormAlert } from '../form/FormAlert';
import { PasswordField } from '../form/PasswordField';
import { requestErrorText } from '../form/requestErrorMessage';
import { SubmitButton } from '../form/SubmitButton';
import { useAccountForm } from '../form/useAccountForm';
import { useT } from '../intl/useT';

const FIELDS = formFields('signup');

/** `onSuccess` gets the address the activation code was sent to. */
export function SignupForm({ onSuccess }: { onSuccess: (email: string) => void }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const { busy, error, fieldErrors, alertRef, formProps } = useAccountForm({
    name: 'signup',
    fields: FIELDS,
    validate: (values) => refused(SignupBody, values),
    toBody: (values) => ({
      name: values.name.trim(),
      email: values.email.trim(),
      password: values.password,
    }),
    send: (body) => dispatch(api.endpoints.signup.initiate(body, UNTRACKED)),
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
