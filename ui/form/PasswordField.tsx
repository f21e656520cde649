import { useState } from 'react';

import { useT } from '../intl/useT';

import { fieldErrorMessage } from './fieldErrorMessage';
import { FieldFrame, type FieldStatus } from './FieldFrame';
import { usePasswordStrength, type Strength } from './passwordStrength';

interface PasswordFieldProps {
  label: string;
  name: string;
  autoComplete: 'current-password' | 'new-password';
  hint?: string;
  error?: string;
}

/** An eye, crossed out while the password shows: what the toggle will do is in its name. */
function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
      {crossed ? <path d="M4 4l16 16" stroke="currentColor" strokeWidth="2" /> : null}
    </svg>
  );
}

/**
 * A password, hidden or shown by an icon button whose accessible name says which. A new password
 * (`autoComplete="new-password"`) says while it is typed whether it is too easy to guess.
 */
export function PasswordField({ label, name, autoComplete, hint, error }: PasswordFieldProps) {
  const t = useT();
  const [visible, setVisible] = useState(false);
  const { strength, inputProps } = usePasswordStrength();
  const statusOf = useStatusOf();
  const judged = autoComplete === 'new-password';
  const toggleName = visible ? t('password.hide') : t('password.show');
  return (
    <FieldFrame
      label={label}
      hint={hint}
      error={error}
      status={judged ? statusOf(strength, error) : undefined}
    >
      {(control) => (
        <div className="input-group">
          <input
            className="input input-group__input"
            type={visible ? 'text' : 'password'}
            name={name}
            autoComplete={autoComplete}
            autoCapitalize="none"
            spellCheck={false}
            {...(judged ? inputProps : {})}
            {...control}
          />
          <button
            type="button"
            className="input-group__toggle"
            aria-controls={control.id}
            aria-label={toggleName}
            title={toggleName}
            onClick={() => setVisible((shown) => !shown)}
          >
            <EyeIcon crossed={visible} />
          </button>
        </div>
      )}
    </FieldFrame>
  );
}

/** What a new password's field says: the verdict, unless the form has its own error to show. */
function useStatusOf() {
  const t = useT();
  return (strength: Strength, error: string | undefined): FieldStatus | null => {
    if (!strength || error) return null;
    if (strength.weak === null) return { text: t('password.strong'), tone: 'good' };
    const { id, values } = fieldErrorMessage('newPassword', strength.weak);
    return { text: t(id, values), tone: 'weak' };
  };
}
