import type { AppStartListening } from '../listeners';

import { selectViewFailure, viewFailed, viewRetried } from './navigationSlice';

/** A view that could not show is tried again as soon as the browser is back online. */
export function addViewRetryListeners(startAppListening: AppStartListening) {
  startAppListening({
    actionCreator: viewFailed,
    effect: async ({ payload }, { cancelActiveListeners, condition, dispatch, extra }) => {
      cancelActiveListeners();
      let stop = () => {};
      const online = new Promise<'online'>((resolve) => {
        stop = extra.connection.onOnline(() => resolve('online'));
      });
      // The failure may end first: "Try again", or a navigation elsewhere.
      const ended = condition((_action, state) => selectViewFailure(state) === null).then(
        () => 'ended' as const,
      );
      try {
        if ((await Promise.race([online, ended])) === 'online') {
          dispatch(viewRetried({ view: payload.view, trigger: 'online' }));
        }
      } finally {
        stop();
      }
    },
  });
}
