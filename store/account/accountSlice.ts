// What the home view shows beside the user: the live sessions of the account, an email change
// waiting for its code, and the second factor. Only what the server said lives here (no password,
// code or token); the second factor's secret and recovery codes only while they are shown, and
// they are secrets the action log redacts.
import {
  createAction,
  createSlice,
  isAnyOf,
  type PayloadAction,
  type UnknownAction,
} from '@reduxjs/toolkit';

import type { SessionInfo } from '../../contract/api';
import { api, callFailure, decodeRequestError, type RequestError } from '../api/apiSlice';
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
  /** Why the last question whether an email change is pending got no answer, until asked again. */
  emailChangeError?: RequestError;
  // The second factor's keys are absent, not null, until they have a value: states without them
  // keep the shape and hashes of the logs recorded before they existed.
  /** Whether the second factor is on, and how many recovery codes are left, as the server said. */
  secondFactor?: { enabled: boolean; recoveryCodesLeft: number };
  /** Why the last question whether the second factor is on got no answer, until asked again. */
  secondFactorError?: RequestError;
  /** A setup begun: what the authenticator app takes, shown until the first code turns it on. */
  secondFactorSetup?: { secret: string; otpauthUri: string };
  /** Recovery codes just made, shown once: gone as soon as the visitor says they are saved. */
  recoveryCodes?: string[];
  /**
   * What the last "Copy" of the setup's key or the recovery codes did: copied, or (the browser
   * would not) the text selected for the visitor to copy by hand. Gone with what it copied.
   */
  copied?: CopyOutcome;
  /**
   * Until when the server holds this session confirmed for sensitive changes (Unix seconds,
   * CONTRACT section 2d), as it said when home opened or a confirmation answered: home asks once
   * instead of a password field per action. Absent when not confirmed; a listener's timer drops it
   * when it passes (reducers never read the clock).
   */
  confirmedUntil?: number;
  /** The server refused a change for want of a confirmation: the form says to confirm again. */
  confirmationLapsed?: true;
}

export interface CopyOutcome {
  what: 'key' | 'recoveryCodes';
  copied: boolean;
}

const initialState: AccountState = {
  sessions: { status: 'idle', list: [], error: null },
  pendingEmail: null,
  pendingEmailExpiresAt: null,
};

/** "Try again" pressed where the second factor's state could not be loaded: a listener asks. */
export const secondFactorRetried = createAction('account/secondFactorRetried');
/** "Try again" pressed under the sessions that could not be loaded. */
export const sessionsRetried = createAction('account/sessionsRetried');
/** The session's confirmation has passed its end (a listener's timer). */
export const confirmationExpired = createAction('account/confirmationExpired');

/** A request refused because the session is not (or no longer) confirmed. */
function refusedForConfirmation(action: UnknownAction): boolean {
  if (!action.type.startsWith(`${api.reducerPath}/`) || !action.type.endsWith('/rejected')) {
    return false;
  }
  return decodeRequestError(action.payload).code === 'CONFIRMATION_REQUIRED';
}

/** "Try again" pressed where a pending email change could not be checked for. */
export const emailChangeRetried = createAction('account/emailChangeRetried');

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
  reducers: {
    /** The visitor stopped setting up the second factor before its first code. */
    secondFactorSetupCancelled: (state) => {
      delete state.secondFactorSetup;
      delete state.copied;
    },
    /** The visitor said the recovery codes are saved: they leave the page and the store. */
    recoveryCodesSaved: (state) => {
      delete state.recoveryCodes;
      delete state.copied;
    },
    /** "Copy" pressed and done (the copy itself is the button's: the outcome only is kept). */
    copyFinished: (state, action: PayloadAction<CopyOutcome>) => {
      state.copied = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, () => initialState)
      .addCase(tokenRejected, () => initialState)
      .addCase(sessionEnded, () => initialState)
      .addCase(confirmationExpired, (state) => {
        delete state.confirmedUntil;
      })
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
      .addMatcher(api.endpoints.emailChange.matchPending, (state) => {
        delete state.emailChangeError;
      })
      .addMatcher(api.endpoints.emailChange.matchRejected, (state, action) => {
        const error = callFailure(action);
        if (error) state.emailChangeError = error;
      })
      .addMatcher(api.endpoints.emailChange.matchFulfilled, (state, { payload }) => {
        delete state.emailChangeError;
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
      })
      .addMatcher(api.endpoints.secondFactor.matchPending, (state) => {
        delete state.secondFactorError;
      })
      .addMatcher(api.endpoints.secondFactor.matchRejected, (state, action) => {
        const error = callFailure(action);
        if (error) state.secondFactorError = error;
      })
      .addMatcher(api.endpoints.secondFactor.matchFulfilled, (state, { payload }) => {
        delete state.secondFactorError;
        state.secondFactor = {
          enabled: payload.enabled,
          recoveryCodesLeft: payload.recoveryCodesLeft,
        };
      })
      .addMatcher(api.endpoints.startSecondFactor.matchFulfilled, (state, { payload }) => {
        state.secondFactorSetup = { secret: payload.secret, otpauthUri: payload.otpauthUri };
        delete state.copied;
      })
      .addMatcher(
        isAnyOf(
          api.endpoints.confirmSecondFactor.matchFulfilled,
          api.endpoints.renewRecoveryCodes.matchFulfilled,
        ),
        (state, { payload }) => {
          delete state.secondFactorSetup;
          delete state.copied;
          state.recoveryCodes = payload.recoveryCodes;
          state.secondFactor = { enabled: true, recoveryCodesLeft: payload.recoveryCodes.length };
        },
      )
      .addMatcher(api.endpoints.disableSecondFactor.matchFulfilled, (state) => {
        state.secondFactor = { enabled: false, recoveryCodesLeft: 0 };
      })
      // A confirmation only ends by its time (the listener's timer) or by a change refused for
      // want of one, so an answer asked before a confirmation, arriving after it, never takes it
      // back: the later end wins.
      .addMatcher(api.endpoints.confirmation.matchFulfilled, (state, { payload }) => {
        const until = Math.max(payload.until ?? 0, state.confirmedUntil ?? 0);
        if (until === 0) delete state.confirmedUntil;
        else state.confirmedUntil = until;
      })
      .addMatcher(api.endpoints.confirm.matchFulfilled, (state, { payload }) => {
        state.confirmedUntil = payload.until;
        delete state.confirmationLapsed;
      })
      .addMatcher(refusedForConfirmation, (state) => {
        delete state.confirmedUntil;
        state.confirmationLapsed = true;
      });
  },
  selectors: {
    selectSessions: (state) => state.sessions,
    selectPendingEmail: (state) => state.pendingEmail,
    selectSecondFactor: (state) => state.secondFactor ?? null,
    selectSecondFactorError: (state) => state.secondFactorError ?? null,
    selectEmailChangeError: (state) => state.emailChangeError ?? null,
    selectSecondFactorSetup: (state) => state.secondFactorSetup ?? null,
    selectRecoveryCodes: (state) => state.recoveryCodes ?? null,
    selectConfirmedUntil: (state) => state.confirmedUntil ?? null,
    selectConfirmationLapsed: (state) => state.confirmationLapsed === true,
    /** What the last "Copy" of `what` did, or null when it was not pressed since it showed. */
    selectCopied: (state, what: CopyOutcome['what']) =>
      state.copied?.what === what ? state.copied.copied : null,
  },
});

export const {
  selectSessions,
  selectPendingEmail,
  selectSecondFactor,
  selectSecondFactorError,
  selectEmailChangeError,
  selectSecondFactorSetup,
  selectRecoveryCodes,
  selectConfirmedUntil,
  selectConfirmationLapsed,
  selectCopied,
} = accountSlice.selectors;
export const { secondFactorSetupCancelled, recoveryCodesSaved, copyFinished } =
  accountSlice.actions;
