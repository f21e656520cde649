import { useEffect, useRef } from 'react';

import { PASSWORD_MIN_LENGTH } from '../../contract/schemas';
import { FormAlert } from '../../ui/form/FormAlert';
import { FormSuccess } from '../../ui/form/FormSuccess';
import { PasswordField } from '../../ui/form/PasswordField';
import { requestErrorText } from '../../ui/form/requestErrorMessage';
import { SubmitButton } from '../../ui/form/SubmitButton';
import { useEndpointForm } from '../../ui/form/useEndpointForm';
import { useT } from '../../ui/intl/useT';

/** The session is confirmed (ConfirmFirst): only the new password is asked. */
const FIELDS = ['newPassword'] as const;

export function ChangePasswordForm() {
  const t = useT();
  const successRef = useRef<HTMLParagraphElement>(null);
  const { busy, error, fieldErrors, alertRef, formProps, succeeded } = useEndpointForm(
    'changePassword',
    {
      fields: FIELDS,
      toArg: (values) => values,
      onSuccess: (_body, form) => form.reset(),
    },
  );
  // What comes next is the result: the focus goes to it, not to <body>.
  useEffect(() => {
    if (succeeded) successRef.current?.focus();
  }, [succeeded]);
  return (
    <form {...formProps}>
      <FormAlert ref={alertRef} message={error ? requestErrorText(t, error) : null} />
      <FormSuccess ref={successRef} message={succeeded ? t('password.changed') : null} />
      <PasswordField
        label={t('field.newPassword.label')}
        hint={t('field.newPassword.hint', { min: PASSWORD_MIN_LENGTH })}
        name="newPassword"
        autoComplete="new-password"
        error={fieldErrors.messages.newPassword}
      />
      <SubmitButton label={t('password.submit')} busyLabel={t('password.submitting')} busy={busy} />
    </form>
  );
}
