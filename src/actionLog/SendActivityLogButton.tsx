import { useState } from 'react';
import { FormattedMessage } from 'react-intl';

import type { RequestError } from '../../store/api/decode';
import { requestErrorText } from '../components/form/requestErrorMessage';
import { useT } from '../components/intl/useT';

import { SendLogError } from './sendLogError';

type Sending =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; reference: string }
  | { kind: 'failed'; error: RequestError };

/**
 * "Send activity log to support" (store/actionLog/README.md): sends what `window.actionLog.send()`
 * sends and shows the reference to quote, or why it was not sent.
 */
export function SendActivityLogButton() {
  const t = useT();
  const [sending, setSending] = useState<Sending>({ kind: 'idle' });

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
    <span className="send-log">
      <button
        type="button"
        className="send-log__button"
        onClick={() => void send()}
        disabled={sending.kind === 'sending'}
      >
        {t(sending.kind === 'sending' ? 'actionLog.sending' : 'actionLog.send')}
      </button>
      <span className="send-log__result" role="status">
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
      </span>
      {sending.kind === 'failed' && (
        <span className="send-log__error" role="alert">
          {sending.error.code === 'PAYLOAD_TOO_LARGE'
            ? t('actionLog.tooLarge')
            : requestErrorText(t, sending.error)}
        </span>
      )}
    </span>
  );
}
