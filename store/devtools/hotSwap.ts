// Under the dev server, an edited slice or listener module reaches the running store without a
// reload: the store keeps its state (and DevTools history) and takes the new reducer and listeners.
import type { Reducer } from '@reduxjs/toolkit';

import type { AppStartListening } from '../listeners';
import type { RootState } from '../rootReducer';
import type { AppStore } from '../store';

export interface StoreModules {
  rootReducer: Reducer<RootState>;
  addAppListeners: (startAppListening: AppStartListening) => void;
}

export function swapStoreModules(store: AppStore, modules: StoreModules): void {
  store.replaceReducer(modules.rootReducer);
  const listeners = store.listenerMiddleware;
  if (!listeners) return;
  // Running listeners (e.g. a pending verify) are cancelled; the next action starts new ones.
  listeners.clearListeners();
  modules.addAppListeners(listeners.startListening);
}
