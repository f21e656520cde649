// Which DevTools the store talks to: the remote UI when the dev server runs with
// REMOTE_DEVTOOLS=host:port, else the browser extension. Production builds define
// REMOTE_DEVTOOLS as empty, so the remote branch and its module are left out of them.
import type { StoreOptions } from '../store';

import { devToolsOptions, shouldConnectDevTools } from './devToolsOptions';

export function storeDevTools(): Pick<StoreOptions, 'devTools' | 'enhancers'> {
  if (process.env.REMOTE_DEVTOOLS) {
    // A require inside the dead branch keeps the connector out of production bundles.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { remoteDevTools } = require('./remoteDevTools') as typeof import('./remoteDevTools');
    return {
      devTools: false,
      enhancers: [remoteDevTools(process.env.REMOTE_DEVTOOLS, devToolsOptions)],
    };
  }
  const connect = shouldConnectDevTools(process.env.NODE_ENV, process.env.ENABLE_REDUX_DEVTOOLS);
  return { devTools: connect ? devToolsOptions : false };
}
