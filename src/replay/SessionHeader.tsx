import { useIntl } from 'react-intl';

import type { LogIndex } from '../../contract/action-log-index';

/** `4 min 12 s`, `38 s`. */
function length(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** When the session started (with the time zone it is shown in), how long, which app, language and device. */
export function SessionHeader({ index, device }: { index: LogIndex; device: string | null }) {
  const { formatMessage, formatDate } = useIntl();
  const unknown = formatMessage({ id: 'replay.unknown' });
  const items: [string, string][] = [
    [
      'replay.when',
      index.startedAt === null
        ? unknown
        : formatDate(index.startedAt, {
            dateStyle: 'medium',
            timeStyle: 'long',
          }),
    ],
    ['replay.length', length(index.durationMs)],
    ['replay.appVersion', index.appVersion || unknown],
    ['replay.language', index.locale ?? unknown],
    ['replay.device', device ?? unknown],
  ];
  return (
    <section className="replay-session" aria-label={formatMessage({ id: 'replay.session' })}>
      <dl>
        {items.map(([id, value]) => (
          <div key={id}>
            <dt>{formatMessage({ id })}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
