import { isAnyOf } from '@reduxjs/toolkit';

import { api, UNTRACKED } from '../api/apiSlice';
import { sessionVerified } from '../auth/authSlice';
import { waitUntil } from '../effects';
import type { AppStartListening } from '../listeners';

import {
  confirmationExpired,
  emailChangeRetried,
  secondFactorRetried,
  selectConfirmedUntil,
  sessionsRetried,
} from './accountSlice';
import { askWhileHome } from './askWhileHome';

export function addAccountListeners(startAppListening: AppStartListening) {
  // The home view lists the account's sessions: asked for once its navigation is verified, so a
  // guest never asks, again after a sign-out elsewhere that the list cannot work out alone, and
  // when the visitor presses "Try again" after a failure.
  askWhileHome(
    startAppListening,
    isAnyOf(sessionVerified, api.endpoints.revokeSession.matchRejected, sessionsRetried),
    (dispatch) => dispatch(api.endpoints.sessions.initiate(undefined, UNTRACKED)),
  );

  // The pending email change is the server's: asked for with the sessions, so it shows after a
  // reload and on another device, again once a change or a new code was asked for, and when the
  // visitor presses "Try again" after a failure.
  askWhileHome(
    startAppListening,
    isAnyOf(
      sessionVerified,
      api.endpoints.changeEmail.matchFulfilled,
      api.endpoints.resendEmailChange.matchFulfilled,
      emailChangeRetried,
    ),
    (dispatch) => dispatch(api.endpoints.emailChange.initiate(undefined, UNTRACKED)),
  );

  // Whether the second factor is on, and how many recovery codes are left: the server's, asked
  // for with the sessions, and again when the visitor presses "Try again" after a failure.
  askWhileHome(startAppListening, isAnyOf(sessionVerified, secondFactorRetried), (dispatch) =>
    dispatch(api.endpoints.secondFactor.initiate(undefined, UNTRACKED)),
  );

  // Whether this session is confirmed already (CONTRACT section 2d): the server's, asked with the
  // sessions.
  askWhileHome(startAppListening, sessionVerified.match, (dispatch) =>
    dispatch(api.endpoints.confirmation.initiate(undefined, UNTRACKED)),
  );

  // The confirmation is forgotten when it ends; a new end starts a new wait.
  startAppListening({
    predicate: (_action, state, previous) =>
      selectConfirmedUntil(state) !== selectConfirmedUntil(previous),
    effect: async (_action, { cancelActiveListeners, delay, dispatch, extra, getState }) => {
      cancelActiveListeners();
      const until = selectConfirmedUntil(getState());
      if (until === null) return;
      await waitUntil(until * 1000, extra.clock, delay);
      dispatch(confirmationExpired());
    },
  });
}
