import { api, UNTRACKED } from '../api/apiSlice';
import type { AppStartListening } from '../listeners';
import { locationChanged, navigationRequested } from '../router/routerSlice';
import { redirectTarget, ROUTES } from '../router/routes';

import {
  loggedOut,
  logoutRequested,
  selectAuthStatus,
  sessionVerified,
  tokenRejected,
  verifyFailed,
  verifyStarted,
} from './authSlice';
import { classifyVerifyResult } from './classifyVerify';
import { forgetSession, storeToken, writeUserCookie } from './sessionEffects';
import { sessionLifetime } from './sessionLifetime';

export function addAuthListeners(startAppListening: AppStartListening) {
  // The check before every navigation: only the latest navigation's answer counts.
  startAppListening({
    actionCreator: locationChanged,
    effect: async ({ payload }, listenerApi) => {
      listenerApi.cancelActiveListeners();
      const { extra, dispatch } = listenerApi;
      const navigationKey = payload.location.key;
      dispatch(verifyStarted({ navigationKey }));
      const request = dispatch(api.endpoints.verify.initiate(navigationKey, UNTRACKED));
      listenerApi.signal.addEventListener('abort', () => request.abort());
      const result = await listenerApi.pause(request);
      const outcome = classifyVerifyResult(result as { data: unknown } | { error: unknown });

      if (outcome.kind === 'signedIn') {
        const nowMs = extra.clock.now();
        const { expiresAt, lifetimeSeconds } = sessionLifetime(outcome.exp, nowMs);
        writeUserCookie(extra, outcome.user, lifetimeSeconds, nowMs);
        dispatch(sessionVerified({ navigationKey, user: outcome.user, expiresAt }));
      } else if (outcome.kind === 'rejected') {
        forgetSession(extra);
        dispatch(tokenRejected({ navigationKey, code: outcome.code }));
      } else {
        extra.console.error('user-token-error', {
          reason: outcome.reason,
          ...(outcome.status === undefined ? {} : { status: outcome.status }),
        });
        dispatch(verifyFailed({ navigationKey, reason: outcome.reason, status: outcome.status }));
      }

      const target = redirectTarget(
        payload.location.pathname,
        selectAuthStatus(listenerApi.getState()) === 'signedIn',
      );
      if (target !== null) dispatch(navigationRequested({ to: target, replace: true }));
    },
  });

  startAppListening({
    matcher: api.endpoints.login.matchFulfilled,
    effect: ({ payload }, { extra }) => storeToken(extra, payload.token),
  });
  startAppListening({
    matcher: api.endpoints.verifyAccount.matchFulfilled,
    effect: ({ payload }, { extra }) => storeToken(extra, payload.token),
  });

  startAppListening({
    actionCreator: logoutRequested,
    effect: async (_action, { dispatch, extra, pause }) => {
      // The server revokes the session; whatever it answers, this browser forgets it.
      await pause(dispatch(api.endpoints.logout.initiate(undefined, UNTRACKED)));
      forgetSession(extra);
      dispatch(loggedOut());
      dispatch(navigationRequested({ to: ROUTES.login }));
    },
  });
}
