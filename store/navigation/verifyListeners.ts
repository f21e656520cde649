import { isAnyOf } from '@reduxjs/toolkit';

import { api, UNTRACKED } from '../api/apiSlice';
import {
  loggedOut,
  selectAuthStatus,
  selectHasToken,
  sessionEnded,
  sessionVerified,
  tokenRejected,
  verifyFailed,
  verifyStarted,
} from '../auth/authSlice';
import { classifyVerifyResult } from '../auth/classifyVerify';
import { forgetSession, writeUserCookie } from '../auth/sessionEffects';
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
      const loadSessionTime = () => extra.loadSessionTime().catch(() => null);
      const navigationKey = payload.location.key;
      dispatch(verifyStarted({ navigationKey }));
      const request = dispatch(api.endpoints.verify.initiate(navigationKey, UNTRACKED));
      listenerApi.signal.addEventListener('abort', () => request.abort());
      // A stored token may be a session: what dates its cookie loads beside the check, so a
      // signed-in answer does not wait for it; a guest never loads it.
      const loading = selectHasToken(listenerApi.getState()) ? loadSessionTime() : null;
      const result = await listenerApi.pause(request);
      const outcome = classifyVerifyResult(result as { data: unknown } | { error: unknown });
      const sessionTime =
        outcome.kind === 'signedIn' ? await listenerApi.pause(loading ?? loadSessionTime()) : null;

      if (outcome.kind === 'signedIn' && sessionTime) {
        const nowMs = extra.clock.now();
        const { expiresAt, lifetimeSeconds } = sessionTime.sessionLifetime(outcome.exp, nowMs);
        writeUserCookie(extra, outcome.user, lifetimeSeconds, nowMs);
        dispatch(sessionVerified({ navigationKey, user: outcome.user, expiresAt }));
      } else if (outcome.kind === 'rejected') {
        forgetSession(extra);
        dispatch(tokenRejected({ navigationKey, code: outcome.code }));
      } else {
        // A failed call, or a signed-in answer whose session time could not be loaded (offline
        // since the answer): a guest for this navigation, with the token kept.
        const { reason, status } =
          outcome.kind === 'failed' ? outcome : { reason: 'network' as const, status: undefined };
        extra.console.error('user-token-error', {
          reason,
          ...(status === undefined ? {} : { status }),
        });
        dispatch(verifyFailed({ navigationKey, reason, status }));
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
