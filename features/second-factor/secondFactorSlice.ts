// The second factor's setup: its secret and recovery codes only while they are shown, and they
// are secrets the action log redacts. Whether it is on, and how many recovery codes are left, is
// the server's answer in the API's cache (`selectSecondFactor`), which the changes' answers
// update. The reducers keep the `account/` action prefix, so recorded logs read the same.
import {
  createAction,
  createSelector,
  createSlice,
  isAnyOf,
  type PayloadAction,
} from '@reduxjs/toolkit';

import { api, decodeRequestError } from '../../store/apiSlice';
import { loggedOut, sessionEnded, tokenRejected } from '../../store/authSlice';

export interface SecondFactorState {
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
        },
      );
  },
  selectors: {
    selectSecondFactorSetup: (state) => state.setup ?? null,
    selectRecoveryCodes: (state) => state.recoveryCodes ?? null,
    /** What the last "Copy" of `what` did, or null when it was not pressed since it showed. */
    selectCopied: (state, what: CopyOutcome['what']) =>
      state.copied?.what === what ? state.copied.copied : null,
  },
});

export const { selectSecondFactorSetup, selectRecoveryCodes, selectCopied } =
  secondFactorSlice.selectors;
export const { secondFactorSetupCancelled, recoveryCodesSaved, copyFinished } =
  secondFactorSlice.actions;

const selectRead = api.endpoints.secondFactor.select(undefined);

/** Whether the second factor is on, and how many recovery codes are left, as the server said. */
export const selectSecondFactor = createSelector([(state) => selectRead(state).data], (answer) =>
  answer ? { enabled: answer.enabled, recoveryCodesLeft: answer.recoveryCodesLeft } : null,
);

/** Why the last question whether the second factor is on got no answer, until asked again. */
export const selectSecondFactorError = createSelector([selectRead], (read) =>
  read.isError ? decodeRequestError(read.error) : null,
);
