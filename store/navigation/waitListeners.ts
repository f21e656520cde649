import type { AppStartListening } from '../listeners';

import { selectWaitPhase, waitGrewLong, waitGrewVeryLong } from './navigationSlice';

export const WAIT_LONG_MS = 300;
export const WAIT_VERY_LONG_MS = 5000;

/** The wait's thresholds become events; settling the wait cancels the timers. */
export function addWaitListeners(startAppListening: AppStartListening) {
  startAppListening({
    predicate: (_action, state, previous) =>
      selectWaitPhase(previous) === null && selectWaitPhase(state) !== null,
    effect: async (_action, { cancelActiveListeners, condition, dispatch, fork }) => {
      cancelActiveListeners();
      const timers = fork(async ({ delay }) => {
        await delay(WAIT_LONG_MS);
        dispatch(waitGrewLong());
        await delay(WAIT_VERY_LONG_MS - WAIT_LONG_MS);
        dispatch(waitGrewVeryLong());
      });
      await condition((_action, state) => selectWaitPhase(state) === null);
      timers.cancel();
    },
  });
}
