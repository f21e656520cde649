import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';

import type { RequestError } from '../../store/apiSlice';
import { SUPPORT_CONTACT } from '../../store/constants';
import { requestErrorText } from '../../ui/form/requestErrorMessage';
import { useT } from '../../ui/intl/useT';
import { WithWords } from '../../ui/intl/WithWords';
import { HELP_TOOLS_WORDS } from './helpToolsWords';

import { SendLogError } from './sendLogError';
import { SupportContact } from './SupportContact';

type Sending =
  | { kind: 'idle' }
  | { kind: 'confirming' }
  | { kind: 'sending' }
  | { kind: 'sent'; reference: string }
  | { kind: 'failed'; error: RequestError };

/**
 * "Send activity log to support" (store/actionLog/README.md): asks first, then sends what
 * `window.actionLog.send()` sends and shows the reference to quote and where to reach support, or
 * why it was not sent. With its words (in Help's tools' chunk) beside the app's.
 */
export function SendActivityLogButton() {
  return (
    <WithWords words={HELP_TOOLS_WORDS}>
      <SendActivityLogButtonPart />
    </WithWords>
  );
}

function SendActivityLogButtonPart() {
  const t = useT();
  const [sending, setSending] = useState<Sending>({ kind: 'idle' });
  const confirmButton = useRef<HTMLButtonElement>(null);
  const sendButton = useRef<HTMLButtonElement>(null);
  const result = useRef<HTMLParagraphElement>(null);
  const failure = useRef<HTMLParagraphElement>(null);
  const cancelled = useRef(false);
  const confirming = sending.kind === 'confirming';

  // The focus follows the question: onto "Send" when it is asked, back when it is cancelled; once
  // sent, onto what comes next (the reference, or why it was not sent), never <body>.
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
    else if (cancelled.current) sendButton.current?.focus();
    else if (sending.kind === 'sending') sendButton.current?.focus();
    else if (sending.kind === 'sent') result.current?.focus();
    else if (sending.kind === 'failed') failure.current?.focus();
    cancelled.current = false;
  }, [confirming, sending.kind]);

  const send = async () => {
    setSending({ kind: 'sending' });
    try {
      setSending({ kind: 'sent', reference: await window.actionLog.send() });
    } catch (error) {
      const known = error instanceof SendLogError ? error.error : undefined;
      setSending({ kind: 'failed', error: known ?? { code: 'UNEXPECTED' } });
    }
  };

  return (
    <div className="send-log">
      {confirming ? (
        <div className="send-log__confirm" role="group" aria-label={t('actionLog.confirm')}>
          <p>{t('actionLog.confirm')}</p>
          <button
            ref={confirmButton}
            type="button"
            className="button button--secondary"
            onClick={() => void send()}
          >
            {t('actionLog.confirmSend')}
          </button>
          <button
            type="button"
            className="send-log__button"
            onClick={() => {
              cancelled.current = true;
              setSending({ kind: 'idle' });
            }}
          >
            {t('actionLog.cancel')}
          </button>
        </div>
      ) : (
        <button
          ref={sendButton}
          type="button"
          className="send-log__button"
          // Busy, not disabled: it keeps the focus while the log leaves.
          onClick={() => sending.kind !== 'sending' && setSending({ kind: 'confirming' })}
          aria-disabled={sending.kind === 'sending'}
        >
          {t(sending.kind === 'sending' ? 'actionLog.sending' : 'actionLog.send')}
        </button>
      )}
      <p ref={result} className="send-log__result" role="status" tabIndex={-1}>
        {sending.kind === 'sent' && (
          <FormattedMessage
            id="actionLog.sent"
            values={{
              reference: (
                <strong className="send-log__reference" data-reference={sending.reference}>
                  {sending.reference}
                </strong>
              ),
            }}
          />
        )}
      </p>
      {sending.kind === 'failed' && (
        <p ref={failure} className="send-log__error" role="alert" tabIndex={-1}>
          {sending.error.code === 'PAYLOAD_TOO_LARGE'
            ? t('actionLog.tooLarge')
            : requestErrorText(t, sending.error)}
        </p>
      )}
      {(sending.kind === 'sent' || sending.kind === 'failed') && (
        <p className="send-log__contact">
          <FormattedMessage
            id="actionLog.contact"
            values={{ contact: <SupportContact contact={SUPPORT_CONTACT} /> }}
          />
        </p>
      )}
    </div>
  );
}
