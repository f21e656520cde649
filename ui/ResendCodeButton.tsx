import { useId, useState } from 'react';

import { requestErrorText } from './form/requestErrorMessage';
import { useEndpointCall } from './form/useEndpointForm';
import { useT } from './intl/useT';

import { useCountdown } from './useCountdown';

/** The server sends one code per email per minute. */
export const RESEND_INTERVAL_MS = 60_000;

interface ResendCodeButtonProps {
  /** The address to send to, or null when the form has no valid one (it then says why). */
  getEmail: () => string | null;
}

export function ResendCodeButton({ getEmail }: ResendCodeButtonProps) {
  const t = useT();
  const { submission: resend, send } = useEndpointCall('resendActivation');
  const secondsLeft = useCountdown(resend.succeededAt, RESEND_INTERVAL_MS);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const waitId = useId();
  const pending = resend.status === 'pending';

  async function handleClick() {
    const email = getEmail();
    if (email === null) return;
    const result = await send({ email });
    if ('data' in result) setSentTo(email);
  }

  return (
    <div className="resend">
      <button
        type="button"
        className="button button--secondary"
        disabled={pending || secondsLeft > 0}
        aria-describedby={secondsLeft > 0 ? waitId : undefined}
        onClick={handleClick}
      >
        {pending ? t('resend.sending') : t('resend.button')}
      </button>
      <ResendFeedback
        sent={resend.status === 'succeeded' && sentTo ? t('resend.sent', { email: sentTo }) : null}
        error={resend.status === 'failed' ? resend.error : undefined}
        secondsLeft={secondsLeft}
        waitId={waitId}
      />
    </div>
  );
}

interface ResendFeedbackProps {
  /** What was sent, in words, or null. */
  sent: string | null;
  /** Why the last request failed, if it did. */
  error: Parameters<typeof requestErrorText>[1] | null | undefined;
  secondsLeft: number;
  /** The id the button's aria-describedby names while it waits. */
  waitId: string;
}

/** Under a resend button: what was sent or why not (read out), and how long until the next. */
export function ResendFeedback({ sent, error, secondsLeft, waitId }: ResendFeedbackProps) {
  const t = useT();
  return (
    <>
      <p className="resend__status" aria-live="polite">
        {sent}
        {error ? requestErrorText(t, error) : null}
      </p>
      {/* Outside the live region: a number changing every second must not be read out each time. */}
      {secondsLeft > 0 ? (
        <p id={waitId} className="resend__wait">
          {t('resend.wait', { seconds: secondsLeft })}
        </p>
      ) : null}
    </>
  );
}
