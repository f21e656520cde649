import { isAnyOf } from '@reduxjs/toolkit';

import { api, ASK_AFRESH } from '../../store/api/apiSlice';
import { sessionVerified } from '../../store/auth/authSlice';
import { askWhileHome } from '../../store/home/askWhileHome';
import type { AppStartListening } from '../../store/listeners';

import { sessionsRetried } from './sessionsSlice';

export function addSessionsListeners(startAppListening: AppStartListening) {
  // The home view lists the account's sessions: asked for once its navigation is verified, so a
  // guest never asks, again after a sign-out elsewhere that the list cannot work out alone, and
  // when the visitor presses "Try again" after a failure.
  askWhileHome(
    startAppListening,
    isAnyOf(sessionVerified, api.endpoints.revokeSession.matchRejected, sessionsRetried),
    (dispatch) => dispatch(api.endpoints.sessions.initiate(undefined, ASK_AFRESH)),
  );
}
