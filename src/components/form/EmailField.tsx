import { useT } from '../intl/useT';

import { Field } from './Field';

/** The `email` field every account form has. */
export function EmailField({ error, defaultValue }: { error?: string; defaultValue?: string }) {
  const t = useT();
  return (
    <Field
      label={t('field.email.label')}
      name="email"
      type="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      defaultValue={defaultValue}
      error={error}
    />
  );
}
