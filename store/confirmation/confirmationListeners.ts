import { api, ASK_AFRESH } from '../apiSlice';
import { sessionVerified } from '../authSlice';
import { waitUntil } from '../effects';
import { askWhileHome } from '../home/askWhileHome';
import type { AppStartListening } from '../listeners';

import { confirmationExpired, selectConfirmedUntil } from './confirmationSlice';

export function addConfirmationListeners(startAppListening: AppStartListening) {
  // Whether this session is confirmed already (CONTRACT section 2d): the server's, asked with
  // home's other answers.
  askWhileHome(startAppListening, sessionVerified.match, (dispatch) =>
    dispatch(api.endpoints.confirmation.initiate(undefined, ASK_AFRESH)),
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
