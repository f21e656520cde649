import { useIntl } from 'react-intl';

import type { LogIndex } from '../../contract/action-log-index';
import { SESSION_TIME_FORMAT, sessionFacts } from '../../store/actionLog/sessionFacts';

/**
 * When the session started (with the time zone it is shown in), how long, which app, language and
 * device: the rows `npm run replay` prints first, in the same words.
 */
export function SessionHeader({ index, device }: { index: LogIndex; device: string | null }) {
  const { formatMessage, formatDate } = useIntl();
  const unknown = formatMessage({ id: 'replay.unknown' });
  return (
    <section className="replay-session" aria-label={formatMessage({ id: 'replay.session' })}>
      <dl>
        {sessionFacts(index, device).map(({ id, time, text }) => (
          <div key={id}>
            <dt>{formatMessage({ id })}</dt>
            <dd>
              {time === undefined
                ? (text ?? unknown)
                : time === null
                  ? unknown
                  : formatDate(time, SESSION_TIME_FORMAT)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
