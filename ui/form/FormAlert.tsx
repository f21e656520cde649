import type { ReactNode, Ref } from 'react';

interface FormAlertProps {
  message: string | null;
  /** Links or buttons that help with the problem, shown under the message. */
  children?: ReactNode;
  ref?: Ref<HTMLDivElement>;
}

/**
 * The form-wide message. The region stays in the page even when empty, so that a new message is
 * announced and the region can take focus as soon as a request fails.
 */
export function FormAlert({ message, children, ref }: FormAlertProps) {
  return (
    <div ref={ref} className="form-alert" role="alert" tabIndex={-1}>
      {message ? <p className="form-alert__message">{message}</p> : null}
      {message ? children : null}
    </div>
  );
}
