import { useT } from '../intl/useT';

import { Field } from './Field';

/** A recovery code as saved (letters, digits and dashes): typed or pasted as it is. */
export function RecoveryCodeField({
  error,
  name = 'recoveryCode',
}: {
  error?: string;
  name?: string;
}) {
  const t = useT();
  return (
    <Field
      label={t('field.recoveryCode.label')}
      hint={t('field.recoveryCode.hint')}
      name={name}
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={32}
      error={error}
    />
  );
}
