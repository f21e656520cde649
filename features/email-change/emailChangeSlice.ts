// The email change waiting for its code, as the server keeps it (so it survives a reload and
// shows on every device), until it is confirmed or cancelled.
import { createAction, createSlice } from '@reduxjs/toolkit';

import { api, callFailure, decodeRequestError, type RequestError } from '../../store/api/apiSlice';
import { loggedOut, sessionEnded, tokenRejected } from '../../store/auth/authSlice';

export interface EmailChangeState {
  /** The new address waiting for its code. */
  pendingEmail: string | null;
  /** When the pending change's code ends (ISO-8601), once the server said. */
  expiresAt: string | null;
  /** Why the last question whether an email change is pending got no answer, until asked again. */
  error?: RequestError;
}

const initialState: EmailChangeState = { pendingEmail: null, expiresAt: null };

/** "Try again" pressed where a pending email change could not be checked for. */
export const emailChangeRetried = createAction('account/emailChangeRetried');

const noPendingEmail = (state: EmailChangeState) => {
  state.pendingEmail = null;
  state.expiresAt = null;
};

export const emailChangeSlice = createSlice({
  name: 'emailChange',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, () => initialState)
      .addCase(tokenRejected, () => initialState)
      .addCase(sessionEnded, () => initialState)
      .addMatcher(api.endpoints.changeEmail.matchFulfilled, (state, action) => {
        state.pendingEmail = action.meta.arg.originalArgs.newEmail;
        state.expiresAt = null;
      })
      .addMatcher(api.endpoints.emailChange.matchPending, (state) => {
        delete state.error;
      })
      .addMatcher(api.endpoints.emailChange.matchRejected, (state, action) => {
        const error = callFailure(action);
        if (error) state.error = error;
      })
      .addMatcher(api.endpoints.emailChange.matchFulfilled, (state, { payload }) => {
        delete state.error;
        state.pendingEmail = payload.pending?.newEmail ?? null;
        state.expiresAt = payload.pending?.expiresAt ?? null;
      })
      .addMatcher(api.endpoints.cancelEmailChange.matchFulfilled, noPendingEmail)
      // Nothing pending any more on the server (cancelled or confirmed on another device).
      .addMatcher(api.endpoints.resendEmailChange.matchRejected, (state, action) => {
        if (decodeRequestError(action.payload).code === 'NOT_FOUND') noPendingEmail(state);
      })
      .addMatcher(api.endpoints.confirmEmailChange.matchFulfilled, noPendingEmail);
  },
  selectors: {
    selectPendingEmail: (state) => state.pendingEmail,
    selectEmailChangeError: (state) => state.error ?? null,
  },
});

export const { selectPendingEmail, selectEmailChangeError } = emailChangeSlice.selectors;
