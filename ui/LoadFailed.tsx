import type { RequestError } from '../store/apiSlice';
import { requestErrorText } from './form/requestErrorMessage';
import { useT } from './intl/useT';

/**
 * A part of home whose answer did not come (the sessions, the second factor, the passkeys): what
 * failed and why, and a button that asks again.
 */
export function LoadFailed({
  message,
  error,
  retryLabel,
  onRetry,
  className,
}: {
  message: string;
  error: Pick<RequestError, 'code' | 'retryAfterSeconds'>;
  retryLabel: string;
  onRetry: () => void;
  className?: string;
}) {
  const t = useT();
  return (
    <>
      <p className={className} role="alert">
        {message} {requestErrorText(t, error)}
      </p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {retryLabel}
      </button>
    </>
  );
}
