// Whether the server holds this session confirmed for sensitive changes (CONTRACT section 2d):
// every change that asks for a confirmation reads it, whichever feature it belongs to.
import { createAction, createSlice, type UnknownAction } from '@reduxjs/toolkit';

import { api, decodeRequestError } from '../api/apiSlice';
import { loggedOut, sessionEnded, tokenRejected } from '../auth/authSlice';

export interface ConfirmationState {
  /**
   * Until when the server holds this session confirmed (Unix seconds), as it said when home
   * opened or a confirmation answered: home asks once instead of a password field per action.
   * Absent when not confirmed; a listener's timer drops it when it passes (reducers never read
   * the clock).
   */
  until?: number;
  /** The server refused a change for want of a confirmation: the form says to confirm again. */
  lapsed?: true;
}

const initialState: ConfirmationState = {};

/**
 * A view outside home offers the confirmation (the operator console's): each way to confirm that
 * needs the server's or the browser's answer first (the second factor, a passkey) asks for it.
 */
export const confirmationOffered = createAction('confirmation/offered');

/** The session's confirmation has passed its end (a listener's timer). */
export const confirmationExpired = createAction('account/confirmationExpired');

/** A request refused because the session is not (or no longer) confirmed. */
function refusedForConfirmation(action: UnknownAction): boolean {
  if (!action.type.startsWith(`${api.reducerPath}/`) || !action.type.endsWith('/rejected')) {
    return false;
  }
  return decodeRequestError(action.payload).code === 'CONFIRMATION_REQUIRED';
}

export const confirmationSlice = createSlice({
  name: 'confirmation',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, () => initialState)
      .addCase(tokenRejected, () => initialState)
      .addCase(sessionEnded, () => initialState)
      .addCase(confirmationExpired, (state) => {
        delete state.until;
      })
      // A confirmation only ends by its time (the listener's timer) or by a change refused for
      // want of one, so an answer asked before a confirmation, arriving after it, never takes it
      // back: the later end wins.
      .addMatcher(api.endpoints.confirmation.matchFulfilled, (state, { payload }) => {
        const until = Math.max(payload.until ?? 0, state.until ?? 0);
        if (until === 0) delete state.until;
        else state.until = until;
      })
      .addMatcher(api.endpoints.confirm.matchFulfilled, (state, { payload }) => {
        state.until = payload.until;
        delete state.lapsed;
      })
      .addMatcher(refusedForConfirmation, (state) => {
        delete state.until;
        state.lapsed = true;
      });
  },
  selectors: {
    selectConfirmedUntil: (state) => state.until ?? null,
    selectConfirmationLapsed: (state) => state.lapsed === true,
  },
});

export const { selectConfirmedUntil, selectConfirmationLapsed } = confirmationSlice.selectors;
