// The funnel panel's requests: the server's default period when the panel first opens on an open
// console, then each period support asks for, the previous request cancelled.
import { UNTRACKED } from '../../store/apiSlice';
import type { AppStartListening } from '../../store/listeners';
import { selectSearch } from '../../store/router/routerSlice';

import {
  operatorFunnelAnswered,
  operatorFunnelRequested,
  selectOperatorFunnel,
} from './funnelSlice';
import { operatorPlaceOf } from './location';
import { operatorApi } from './operatorApi';
import { onConsole, outcomeOf } from './operatorListeners';
import { selectOperatorAccess } from './operatorSlice';

/** The console's address names the funnel panel. */
export const FUNNEL_PANEL = 'funnel';

export function addOperatorFunnelListeners(startAppListening: AppStartListening) {
  startAppListening({
    predicate: (_action, state) =>
      onConsole(state) &&
      selectOperatorAccess(state) === 'open' &&
      operatorPlaceOf(selectSearch(state)).panel === FUNNEL_PANEL &&
      selectOperatorFunnel(state).status === 'idle',
    effect: (_action, { dispatch }) => {
      dispatch(operatorFunnelRequested({ from: '', to: '' }));
    },
  });

  startAppListening({
    actionCreator: operatorFunnelRequested,
    effect: async ({ payload }, { dispatch, signal, cancelActiveListeners }) => {
      cancelActiveListeners();
      const period = {
        ...(payload.from ? { from: payload.from } : {}),
        ...(payload.to ? { to: payload.to } : {}),
      };
      const answer = await outcomeOf(
        dispatch(operatorApi.endpoints.operatorFunnel.initiate(period, UNTRACKED)),
        signal,
      );
      if (!signal.aborted) dispatch(operatorFunnelAnswered(answer));
    },
  });
}
