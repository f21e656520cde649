import { useId, type ReactNode } from 'react';

/** What a field says of its value as it is typed, and whether that is good or a warning. */
export interface FieldStatus {
  text: string;
  tone: 'good' | 'weak';
}

/** What a control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface FieldFrameProps {
  label: string;
  hint?: string;
  error?: string;
  /**
   * What the field says of its value as it is typed (a password's strength): null while it has
   * nothing to say; absent for a field that never says anything.
   */
  status?: FieldStatus | null;
  children: (control: FieldControlProps) => ReactNode;
}

export function FieldFrame({ label, hint, error, status, children }: FieldFrameProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;
  const describedBy = [hint ? hintId : null, status ? statusId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {children({
        id,
        ...(error ? { 'aria-invalid': true } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {status !== undefined ? (
        // Rendered before the first verdict, so a screen reader announces each one as it comes.
        <p
          id={statusId}
          className={status ? `field__status field__status--${status.tone}` : 'field__status'}
          aria-live="polite"
        >
          {status?.text}
        </p>
      ) : null}
      {/* Always rendered, so screen readers announce a message as soon as it appears. */}
      <p id={errorId} className="field__error" aria-live="polite">
        {error}
      </p>
    </div>
  );
}
