interface SubmitButtonProps {
  label: string;
  busyLabel: string;
  busy: boolean;
  /** `danger` for a step that cannot be undone. */
  tone?: 'primary' | 'danger';
}

export function SubmitButton({ label, busyLabel, busy, tone = 'primary' }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={`button button--primary button--${tone}`}
      disabled={busy}
      aria-busy={busy}
    >
      {busy ? busyLabel : label}
    </button>
  );
}
