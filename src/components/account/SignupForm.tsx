import { PASSWORD_MIN_LENGTH, validateSignup } from '../../../contract/rules';
import { api, UNTRACKED } from '../../../store/api/apiSlice';
import { useAppDispatch } from '../../../store/hooks';
import { Field } from '../form/Field';
import { FormAlert } from '../form/FormAlert';
import { PasswordField } from '../form/PasswordField';
import { requestErrorMessage } from '../form/requestErrorMessage';
import { SubmitButton } from '../form/SubmitButton';
import { useAccountForm } from '../form/useAccountForm';
import { useT } from '../intl/useT';

const FIELDS = ['name', 'email', 'password'] as const;

/** `onSuccess` gets the address the activation code was sent to. */
export function SignupForm({ onSuccess }: { onSuccess: (email: string) => void }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const { busy, error, fieldErrors, alertRef, handleSubmit } = useAccountForm({
    name: 'signup',
    fields: FIELDS,
    validate: validateSignup,
    toBody: (values) => ({
      name: values.name.trim(),
      email: values.email.trim(),
      password: values.password,
    }),
    send: (body) => dispatch(api.endpoints.signup.initiate(body, UNTRACKED)),
    onSuccess: (body) => onSuccess(body.email),
  });

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
