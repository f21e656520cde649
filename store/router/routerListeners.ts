import type { AppStartListening } from '../listeners';

import { navigationRequested } from './routerSlice';

export function addRouterListeners(startAppListening: AppStartListening) {
  startAppListening({
    actionCreator: navigationRequested,
    effect: ({ payload }, { extra }) => {
      if (payload.replace) extra.history.replace(payload.to);
      else extra.history.push(payload.to);
    },
  });
}
