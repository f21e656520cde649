import type { UnknownAction } from '@reduxjs/toolkit';

import { api, decodeRequestError, UNTRACKED } from '../api/apiSlice';
import type { AppStartListening } from '../listeners';

import {
  loggedOut,
  logoutRequested,
  selectSessionExpiresAt,
  selectUser,
  sessionEnded,
} from './authSlice';
import { forgetSession, storeToken, writeUserCookie } from './sessionEffects';

/** Requests whose INVALID_TOKEN has its own handling: the check of a navigation, and log-out. */
const OWN_OUTCOME = new Set(['verify', 'logout']);

/** The endpoint of an answer saying that the request's session no longer exists, or null. */
function endpointRefusingSession(action: UnknownAction): string | null {
  if (!action.type.startsWith(`${api.reducerPath}/`) || !action.type.endsWith('/rejected')) {
    return null;
  }
  const { meta, payload } = action as {
    meta?: { arg?: { endpointName?: unknown } };
    payload?: unknown;
  };
  const endpoint = meta?.arg?.endpointName;
  if (typeof endpoint !== 'string' || OWN_OUTCOME.has(endpoint)) return null;
  return decodeRequestError(payload).code === 'INVALID_TOKEN' ? endpoint : null;
}

export function addAuthListeners(startAppListening: AppStartListening) {
  // Every answer that signs the visitor in hands over a token to keep.
  for (const signedIn of [
    api.endpoints.login,
    api.endpoints.verifyAccount,
    api.endpoints.resetPassword,
  ]) {
    startAppListening({
      matcher: signedIn.matchFulfilled,
      effect: ({ payload }, { extra }) => storeToken(extra, payload.token),
    });
    // What dates the cookie loads while the request runs, so the verify after it does not wait.
    startAppListening({
      matcher: signedIn.matchPending,
      effect: (_action, { extra }) => void extra.loadSessionTime().catch(() => {}),
    });
  }

  // A confirmed email change: the `user` cookie carries the new address, same lifetime.
  startAppListening({
    matcher: api.endpoints.confirmEmailChange.matchFulfilled,
    effect: async ({ payload }, { extra, getState, pause }) => {
      const exp = selectSessionExpiresAt(getState());
      if (exp === null) return;
      // Loaded with the session's verify; not loaded (offline), the cookie keeps the old address
      // until the next verify writes it.
      const sessionTime = await pause(extra.loadSessionTime().catch(() => null));
      if (!sessionTime) return;
      const nowMs = extra.clock.now();
      const { lifetimeSeconds } = sessionTime.sessionLifetime(exp, nowMs);
      writeUserCookie(extra, payload.user, lifetimeSeconds, nowMs);
    },
  });

  // A deleted account: nothing of the session stays in this browser; to the login form.
  startAppListening({
    matcher: api.endpoints.deleteAccount.matchFulfilled,
    effect: (_action, { dispatch, extra }) => {
      forgetSession(extra);
      dispatch(loggedOut());
    },
  });

  // A session ended elsewhere (or expired) ends here too, whichever request finds out first.
  startAppListening({
    predicate: (action, state) =>
      selectUser(state) !== null && endpointRefusingSession(action) !== null,
    effect: (action, { dispatch, extra }) => {
      forgetSession(extra);
      dispatch(sessionEnded({ endpoint: endpointRefusingSession(action) ?? '?' }));
    },
  });

  startAppListening({
    actionCreator: logoutRequested,
    effect: async (_action, { dispatch, extra, pause }) => {
      // The server revokes the session; whatever it answers, this browser forgets it.
      await pause(dispatch(api.endpoints.logout.initiate(undefined, UNTRACKED)));
      forgetSession(extra);
      dispatch(loggedOut());
    },
  });
}
