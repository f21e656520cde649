import { useState } from 'react';

import { useT } from '../intl/useT';

import { FieldFrame } from './FieldFrame';

interface PasswordFieldProps {
  label: string;
  name: string;
  autoComplete: 'current-password' | 'new-password';
  hint?: string;
  error?: string;
}

export function PasswordField({ label, name, autoComplete, hint, error }: PasswordFieldProps) {
  const t = useT();
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(control) => (
        <div className="input-group">
          <input
            className="input input-group__input"
            type={visible ? 'text' : 'password'}
            name={name}
            autoComplete={autoComplete}
            autoCapitalize="none"
            spellCheck={false}
            {...control}
          />
          <button
            type="button"
            className="input-group__toggle"
            aria-controls={control.id}
            onClick={() => setVisible((shown) => !shown)}
          >
            {visible ? t('password.hide') : t('password.show')}
          </button>
        </div>
      )}
    </FieldFrame>
  );
}
