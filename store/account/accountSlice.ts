// What the home view shows beside the user: the live sessions of the account, and an email
// change waiting for its code. Only what the server said lives here (no password, code or token).
import { createSlice, isAnyOf } from '@reduxjs/toolkit';

import type { SessionInfo } from '../../contract/api';
import { api } from '../api/apiSlice';
import { decodeRequestError, type RequestError } from '../api/decode';
import { loggedOut, sessionEnded, tokenRejected } from '../auth/authSlice';

export interface AccountState {
  sessions: {
    status: 'idle' | 'loading' | 'loaded' | 'failed';
    list: SessionInfo[];
    error: RequestError | null;
  };
  /** The new address a code was mailed to, until it is confirmed or the visitor leaves. */
  pendingEmail: string | null;
}

const initialState: AccountState = {
  sessions: { status: 'idle', list: [], error: null },
  pendingEmail: null,
};

/** Keeps only this browser's session: the server has ended every other one. */
const onlyCurrent = (state: AccountState) => {
  state.sessions.list = state.sessions.list.filter((session) => session.current);
};

export const accountSlice = createSlice({
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
        if (action.meta.condition || action.error?.name === 'AbortError') return;
        state.sessions.status = 'failed';
        state.sessions.error = decodeRequestError(action.payload ?? { status: 'FETCH_ERROR' });
      })
      .addMatcher(api.endpoints.revokeSession.matchFulfilled, (state, action) => {
        const id = action.meta.arg.originalArgs;
        state.sessions.list = state.sessions.list.filter((session) => session.id !== id);
      })
      .addMatcher(
        isAnyOf(
          api.endpoints.revokeOtherSessions.matchFulfilled,
          api.endpoints.changePassword.matchFulfilled,
        ),
        onlyCurrent,
      )
      .addMatcher(api.endpoints.changeEmail.matchFulfilled, (state, action) => {
        state.pendingEmail = action.meta.arg.originalArgs.newEmail;
      })
      .addMatcher(api.endpoints.confirmEmailChange.matchFulfilled, (state) => {
        state.pendingEmail = null;
        onlyCurrent(state);
      });
  },
  selectors: {
    selectSessions: (state) => state.sessions,
    selectPendingEmail: (state) => state.pendingEmail,
  },
});

export const { selectSessions, selectPendingEmail } = accountSlice.selectors;
