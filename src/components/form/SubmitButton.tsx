interface SubmitButtonProps {
  label: string;
  busyLabel: string;
  busy: boolean;
}

export function SubmitButton({ label, busyLabel, busy }: SubmitButtonProps) {
  return (
    <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}
