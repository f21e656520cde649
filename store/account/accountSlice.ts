// What the home view shows beside the user: the live sessions of the account, and an email
// change waiting for its code. Only what the server said lives here (no password, code or token).
import { createSlice, isAnyOf } from '@reduxjs/toolkit';

import type { SessionInfo } from '../../contract/api';
import { api, decodeRequestError, type RequestError } from '../api/apiSlice';
import { loggedOut, sessionEnded, tokenRejected } from '../auth/authSlice';

export interface AccountState {
  sessions: {
    status: 'idle' | 'loading' | 'loaded' | 'failed';
    list: SessionInfo[];
    error: RequestError | null;
  };
  /**
   * The new address of the email change waiting for its code, as the server keeps it (so it
   * survives a reload and shows on every device), until it is confirmed or cancelled.
   */
  pendingEmail: string | null;
  /** When the pending change's code ends (ISO-8601), once the server said. */
  pendingEmailExpiresAt: string | null;
}

const initialState: AccountState = {
  sessions: { status: 'idle', list: [], error: null },
  pendingEmail: null,
  pendingEmailExpiresAt: null,
};

const noPendingEmail = (state: AccountState) => {
  state.pendingEmail = null;
  state.pendingEmailExpiresAt = null;
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
        const { id } = action.meta.arg.originalArgs;
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
        state.pendingEmailExpiresAt = null;
      })
      .addMatcher(api.endpoints.emailChange.matchFulfilled, (state, { payload }) => {
        state.pendingEmail = payload.pending?.newEmail ?? null;
        state.pendingEmailExpiresAt = payload.pending?.expiresAt ?? null;
      })
      .addMatcher(api.endpoints.cancelEmailChange.matchFulfilled, noPendingEmail)
      // Nothing pending any more on the server (cancelled or confirmed on another device).
      .addMatcher(api.endpoints.resendEmailChange.matchRejected, (state, action) => {
        if (decodeRequestError(action.payload).code === 'NOT_FOUND') noPendingEmail(state);
      })
      .addMatcher(api.endpoints.confirmEmailChange.matchFulfilled, (state) => {
        noPendingEmail(state);
        onlyCurrent(state);
      });
  },
  selectors: {
    selectSessions: (state) => state.sessions,
    selectPendingEmail: (state) => state.pendingEmail,
  },
});

export const { selectSessions, selectPendingEmail } = accountSlice.selectors;
