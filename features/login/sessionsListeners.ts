import { isAnyOf } from '@reduxjs/toolkit';

import { api, ASK_AFRESH } from '../../store/apiSlice';
import { sessionVerified } from '../../store/authSlice';
import { askWhileHome } from '../../store/home/askWhileHome';
import type { AppStartListening } from '../../store/listeners';

import { sessionsRetried } from './sessionsSlice';

/** The changes after which the server has ended every session but this browser's. */
const endsOthers = isAnyOf(
  api.endpoints.revokeOtherSessions.matchFulfilled,
  api.endpoints.changePassword.matchFulfilled,
  api.endpoints.confirmEmailChange.matchFulfilled,
);

export function addSessionsListeners(startAppListening: AppStartListening) {
  // The home view lists the account's sessions: asked for once its navigation is verified, so a
  // guest never asks, again after a sign-out elsewhere that the list cannot work out alone, and
  // when the visitor presses "Try again" after a failure.
  askWhileHome(
    startAppListening,
    isAnyOf(sessionVerified, api.endpoints.revokeSession.matchRejected, sessionsRetried),
    (dispatch) => dispatch(api.endpoints.sessions.initiate(undefined, ASK_AFRESH)),
  );

  // A change's answer says which sessions are gone: the cached list drops them, asking nothing.
  startAppListening({
    matcher: isAnyOf(api.endpoints.revokeSession.matchFulfilled, endsOthers),
    effect: (action, { dispatch }) => {
      dispatch(
        api.util.updateQueryData('sessions', undefined, (list) => {
          list.sessions = api.endpoints.revokeSession.matchFulfilled(action)
            ? list.sessions.filter((session) => session.id !== action.meta.arg.originalArgs.id)
            : list.sessions.filter((session) => session.current);
        }),
      );
    },
  });
}
