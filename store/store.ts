import { configureStore, type StoreEnhancer } from '@reduxjs/toolkit';

import { api } from './api/apiSlice';
import { addAuthListeners } from './auth/authListeners';
import type { Effects } from './effects';
import { createAppListenerMiddleware, type AppDispatch } from './listeners';
import { addLocaleListeners } from './locale/localeListeners';
import { rootReducer, type RootState } from './rootReducer';
import { addRouterListeners } from './router/routerListeners';

export type { RootState } from './rootReducer';
export type { AppDispatch } from './listeners';

export interface StoreOptions {
  /** Extra enhancers after the middleware, e.g. DevTools instrumentation in tests. */
  enhancers?: StoreEnhancer[];
  devTools?: Parameters<typeof configureStore>[0]['devTools'];
}

/**
 * A store for the running app (`effects` given) or an inert one (`effects` omitted: no
 * listeners, no requests, for replay and for rendering recorded states).
 */
export function makeStore(
  preloadedState?: Partial<RootState>,
  effects?: Effects,
  options: StoreOptions = {},
) {
  const listenerMiddleware = effects ? createAppListenerMiddleware(effects) : null;
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    devTools: options.devTools ?? false,
    middleware: (getDefaultMiddleware) => {
      const defaults = getDefaultMiddleware({ thunk: { extraArgument: effects } });
      if (!listenerMiddleware) return defaults;
      return defaults.prepend(listenerMiddleware.middleware).concat(api.middleware);
    },
    enhancers: (getDefaultEnhancers) => getDefaultEnhancers().concat(options.enhancers ?? []),
  });
  if (listenerMiddleware) {
    const startAppListening = listenerMiddleware.startListening;
    addRouterListeners(startAppListening);
    addAuthListeners(startAppListening);
    addLocaleListeners(startAppListening);
  }
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
