// The account's live sessions, as the server listed them, for the home view's list: the server's
// answer in the API's cache (`selectSessions`), which the changes' answers update
// (sessionsListeners.ts). The `account/` action prefix stays, so recorded logs read the same.
import { createAction, createSelector } from '@reduxjs/toolkit';

import { api, readProgress, type ReadStatus, type RequestError } from '../../store/apiSlice';
import type { SessionInfo } from './schemas';

export interface SessionsRead {
  status: ReadStatus;
  list: SessionInfo[];
  error: RequestError | null;
}

/** "Try again" pressed under the sessions that could not be loaded. */
export const sessionsRetried = createAction('account/sessionsRetried');

const NO_SESSIONS: SessionInfo[] = [];
const selectRead = api.endpoints.sessions.select(undefined);

/**
 * The account's sessions as the server said, with where the question stands: the last answer's
 * list stays while it is asked again, and after it could not be answered.
 */
export const selectSessions = createSelector([selectRead], (read): SessionsRead => ({
  ...readProgress(read),
  list: read.data?.sessions ?? NO_SESSIONS,
}));
