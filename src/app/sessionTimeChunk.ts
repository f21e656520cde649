import type { SessionTime } from '../../store/effects';

/** The session's time code (moment-timezone) as a chunk of its own: a guest never needs it. */
export const loadSessionTime = (): Promise<SessionTime> =>
  import(/* webpackChunkName: "session-time" */ '../../store/sessionLifetime');
