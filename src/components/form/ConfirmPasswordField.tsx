import { useT } from '../intl/useT';

import { PasswordField } from './PasswordField';

/** The signed-in user's password, asked again before a change that needs proof it is them. */
export function ConfirmPasswordField({ error }: { error?: string }) {
  const t = useT();
  return (
    <PasswordField
      label={t('field.password.label')}
      hint={t('field.confirmPassword.hint')}
      name="password"
      autoComplete="current-password"
      error={error}
    />
  );
}
