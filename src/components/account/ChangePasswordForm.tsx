import { useEffect, useRef } from 'react';

import { PASSWORD_MIN_LENGTH } from '../../../contract/schemas';
import { FormAlert } from '../form/FormAlert';
import { FormSuccess } from '../form/FormSuccess';
import { PasswordField } from '../form/PasswordField';
import { requestErrorText } from '../form/requestErrorMessage';
import { SubmitButton } from '../form/SubmitButton';
import { useEndpointForm } from '../form/useEndpointForm';
import { useT } from '../intl/useT';

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
