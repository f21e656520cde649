// The second factor as the server said: whether it is on and how many recovery codes are left;
// its secret and recovery codes only while they are shown, and they are secrets the action log
// redacts. The reducers keep the `account/` action prefix, so recorded logs read the same.
import { createAction, createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';

import { api, callFailure, type RequestError } from '../../store/api/apiSlice';
import { loggedOut, sessionEnded, tokenRejected } from '../../store/auth/authSlice';

export interface SecondFactorState {
  /** Whether the second factor is on, and how many recovery codes are left, as the server said. */
  current?: { enabled: boolean; recoveryCodesLeft: number };
  /** Why the last question whether the second factor is on got no answer, until asked again. */
  error?: RequestError;
  /** A setup begun: what the authenticator app takes, shown until the first code turns it on. */
  setup?: { secret: string; otpauthUri: string };
  /** Recovery codes just made, shown once: gone as soon as the visitor says they are saved. */
  recoveryCodes?: string[];
  /**
   * What the last "Copy" of the setup's key or the recovery codes did: copied, or (the browser
   * would not) the text selected for the visitor to copy by hand. Gone with what it copied.
   */
  copied?: CopyOutcome;
}

export interface CopyOutcome {
  what: 'key' | 'recoveryCodes';
  copied: boolean;
}

const initialState: SecondFactorState = {};

/** "Try again" pressed where the second factor's state could not be loaded: a listener asks. */
export const secondFactorRetried = createAction('account/secondFactorRetried');

export const secondFactorSlice = createSlice({
  name: 'account',
  reducerPath: 'secondFactor',
  initialState,
  reducers: {
    /** The visitor stopped setting up the second factor before its first code. */
    secondFactorSetupCancelled: (state) => {
      delete state.setup;
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
      .addMatcher(api.endpoints.secondFactor.matchPending, (state) => {
        delete state.error;
      })
      .addMatcher(api.endpoints.secondFactor.matchRejected, (state, action) => {
        const error = callFailure(action);
        if (error) state.error = error;
      })
      .addMatcher(api.endpoints.secondFactor.matchFulfilled, (state, { payload }) => {
        delete state.error;
        state.current = {
          enabled: payload.enabled,
          recoveryCodesLeft: payload.recoveryCodesLeft,
        };
      })
      .addMatcher(api.endpoints.startSecondFactor.matchFulfilled, (state, { payload }) => {
        state.setup = { secret: payload.secret, otpauthUri: payload.otpauthUri };
        delete state.copied;
      })
      .addMatcher(
        isAnyOf(
          api.endpoints.confirmSecondFactor.matchFulfilled,
          api.endpoints.renewRecoveryCodes.matchFulfilled,
        ),
        (state, { payload }) => {
          delete state.setup;
          delete state.copied;
          state.recoveryCodes = payload.recoveryCodes;
          state.current = { enabled: true, recoveryCodesLeft: payload.recoveryCodes.length };
        },
      )
      .addMatcher(api.endpoints.disableSecondFactor.matchFulfilled, (state) => {
        state.current = { enabled: false, recoveryCodesLeft: 0 };
      });
  },
  selectors: {
    selectSecondFactor: (state) => state.current ?? null,
    selectSecondFactorError: (state) => state.error ?? null,
    selectSecondFactorSetup: (state) => state.setup ?? null,
    selectRecoveryCodes: (state) => state.recoveryCodes ?? null,
    /** What the last "Copy" of `what` did, or null when it was not pressed since it showed. */
    selectCopied: (state, what: CopyOutcome['what']) =>
      state.copied?.what === what ? state.copied.copied : null,
  },
});

export const {
  selectSecondFactor,
  selectSecondFactorError,
  selectSecondFactorSetup,
  selectRecoveryCodes,
  selectCopied,
} = secondFactorSlice.selectors;
export const { secondFactorSetupCancelled, recoveryCodesSaved, copyFinished } =
  secondFactorSlice.actions;
