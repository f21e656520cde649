import { useT } from '../intl/useT';

import { Field } from './Field';

interface EmailFieldProps {
  error?: string;
  defaultValue?: string;
  /** `email` by default; `newEmail` in the email change. */
  name?: 'email' | 'newEmail';
  label?: string;
}

/** An email address field: the `email` every account form has, or the new one on home. */
export function EmailField({ error, defaultValue, name = 'email', label }: EmailFieldProps) {
  const t = useT();
  return (
    <Field
      label={label ?? t('field.email.label')}
      name={name}
      type="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      defaultValue={defaultValue}
      error={error}
    />
  );
}
