import { api, UNTRACKED } from '../api/apiSlice';
import type { AppStartListening } from '../listeners';

import { loggedOut, logoutRequested, selectSessionExpiresAt } from './authSlice';
import { forgetSession, storeToken, writeUserCookie } from './sessionEffects';
import { sessionLifetime } from './sessionLifetime';

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
  }

  // A confirmed email change: the `user` cookie carries the new address, same lifetime.
  startAppListening({
    matcher: api.endpoints.confirmEmailChange.matchFulfilled,
    effect: ({ payload }, { extra, getState }) => {
      const exp = selectSessionExpiresAt(getState());
      if (exp === null) return;
      const nowMs = extra.clock.now();
      writeUserCookie(extra, payload.user, sessionLifetime(exp, nowMs).lifetimeSeconds, nowMs);
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
