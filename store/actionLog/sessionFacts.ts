// What the replay page's header and the command's timeline say first about a session, in the same
// words: when it started (a time shown with its zone), how long it lasted, the app's version, the
// language and the sender's device.
import type { LogIndex } from '../../contract/action-log-index';

/** How a session's start is written, on the page and in the terminal. */
export const SESSION_TIME_FORMAT = { dateStyle: 'medium', timeStyle: 'long' } as const;

/** `38 s`, `4 min 12 s`, `1 h 2 min`. */
export function sessionLength(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

export type SessionFactId =
  'replay.when' | 'replay.length' | 'replay.appVersion' | 'replay.language' | 'replay.device';

/** The header's rows by their words' ids: a time to format, or a text; null when not known. */
export function sessionFacts(
  index: Pick<LogIndex, 'startedAt' | 'durationMs' | 'appVersion' | 'locale'>,
  device: string | null,
): Array<{ id: SessionFactId; time?: number | null; text?: string | null }> {
  return [
    { id: 'replay.when', time: index.startedAt },
    { id: 'replay.length', text: sessionLength(index.durationMs) },
    { id: 'replay.appVersion', text: index.appVersion || null },
    { id: 'replay.language', text: index.locale },
    { id: 'replay.device', text: device },
  ];
}
