// The account's live sessions, as the server listed them, for the home view's list. Kept under
// the state's `account` key and the `account/` action prefix, so the logs recorded before the
// sessions had a slice of their own read the same.
import { createAction, createSlice, isAnyOf } from '@reduxjs/toolkit';

import { api, callFailure, type RequestError } from '../../store/api/apiSlice';
import { loggedOut, sessionEnded, tokenRejected } from '../../store/auth/authSlice';
import type { SessionInfo } from './schemas';

export interface SessionsState {
  sessions: {
    status: 'idle' | 'loading' | 'loaded' | 'failed';
    list: SessionInfo[];
    error: RequestError | null;
  };
}

const initialState: SessionsState = {
  sessions: { status: 'idle', list: [], error: null },
};

/** "Try again" pressed under the sessions that could not be loaded. */
export const sessionsRetried = createAction('account/sessionsRetried');

/** Keeps only this browser's session: the server has ended every other one. */
const onlyCurrent = (state: SessionsState) => {
  state.sessions.list = state.sessions.list.filter((session) => session.current);
};

export const sessionsSlice = createSlice({
  name: 'account',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, () => initialState)
      .addCase(tokenRejected, () => initialState)
      .addCase(sessionEnded, () => initialState)
      .addMatcher(api.endpoints.sessions.matchPending, (state) => {
        state.sessions.status = 'loading';
        state.sessions.error = null;
      })
      .addMatcher(api.endpoints.sessions.matchFulfilled, (state, { payload }) => {
        state.sessions = { status: 'loaded', list: payload.sessions, error: null };
      })
      .addMatcher(api.endpoints.sessions.matchRejected, (state, action) => {
        const error = callFailure(action);
        if (!error) return;
        state.sessions.status = 'failed';
        state.sessions.error = error;
      })
      .addMatcher(api.endpoints.revokeSession.matchFulfilled, (state, action) => {
        const { id } = action.meta.arg.originalArgs;
        state.sessions.list = state.sessions.list.filter((session) => session.id !== id);
      })
      // The server ends every other session on these changes.
      .addMatcher(
        isAnyOf(
          api.endpoints.revokeOtherSessions.matchFulfilled,
          api.endpoints.changePassword.matchFulfilled,
          api.endpoints.confirmEmailChange.matchFulfilled,
        ),
        onlyCurrent,
      );
  },
  selectors: {
    selectSessions: (state) => state.sessions,
  },
});

export const { selectSessions } = sessionsSlice.selectors;
