import { useT } from '../intl/useT';

import { Field } from './Field';

interface EmailFieldProps {
  error?: string;
  defaultValue?: string;
  /** `email` by default; `newEmail` in the email change. */
  name?: 'email' | 'newEmail';
  label?: string;
  /** `email` by default; the login's also offers passkeys (`username webauthn`). */
  autoComplete?: string;
}

/** An email address field: the `email` every account form has, or the new one on home. */
export function EmailField({
  error,
  defaultValue,
  name = 'email',
  label,
  autoComplete = 'email',
}: EmailFieldProps) {
  const t = useT();
  return (
    <Field
      label={label ?? t('field.email.label')}
      name={name}
      type="email"
      autoComplete={autoComplete}
      autoCapitalize="none"
      spellCheck={false}
      defaultValue={defaultValue}
      error={error}
    />
  );
}
