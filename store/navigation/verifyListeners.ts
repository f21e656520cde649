import { isAnyOf } from '@reduxjs/toolkit';

import { api, UNTRACKED } from '../api/apiSlice';
import {
  loggedOut,
  selectAuthStatus,
  sessionEnded,
  sessionVerified,
  tokenRejected,
  verifyFailed,
  verifyStarted,
} from '../auth/authSlice';
import { classifyVerifyResult } from '../auth/classifyVerify';
import { forgetSession, writeUserCookie } from '../auth/sessionEffects';
import { sessionLifetime } from '../auth/sessionLifetime';
import type { AppStartListening } from '../listeners';
import { locationChanged, navigationRequested } from '../router/routerSlice';

import { sentHome } from './navigationSlice';
import { redirectTarget, routeFor, ROUTES } from './routes';

export function addVerifyListeners(startAppListening: AppStartListening) {
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

      const signedIn = selectAuthStatus(listenerApi.getState()) === 'signedIn';
      const target = redirectTarget(payload.location.pathname, signedIn);
      if (target === null) return;
      // A link from a mail, opened while signed in: home says why the link did nothing.
      const from = routeFor(payload.location.pathname);
      if (signedIn && (from === 'activation' || from === 'resetPassword')) {
        dispatch(sentHome({ from }));
      }
      dispatch(navigationRequested({ to: target, replace: true }));
    },
  });

  // Logged out, or the session ended elsewhere: to the login form, checked like any navigation.
  startAppListening({
    matcher: isAnyOf(loggedOut, sessionEnded),
    effect: (_action, { dispatch }) => void dispatch(navigationRequested({ to: ROUTES.login })),
  });
}
