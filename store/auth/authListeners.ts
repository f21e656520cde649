import { api, UNTRACKED } from '../api/apiSlice';
import type { AppStartListening } from '../listeners';

import { loggedOut, logoutRequested } from './authSlice';
import { forgetSession, storeToken } from './sessionEffects';

export function addAuthListeners(startAppListening: AppStartListening) {
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
    },
  });
}
