import { configureStore, type StoreEnhancer } from '@reduxjs/toolkit';

import { addEmailChangeListeners } from '../features/email-change/emailChangeListeners';
import { addSessionsListeners } from '../features/login/sessionsListeners';
import { addPasskeyListeners } from '../features/passkeys/passkeyListeners';
import { addProviderListeners } from '../features/providers/providerListeners';
import { addSecondFactorListeners } from '../features/second-factor/secondFactorListeners';
import { createActionRecorder } from './actionLog/recorder';
import { api, type RequestContext } from './apiSlice';
import { addAuthListeners } from './authSlice';
import { addConfirmationListeners } from './confirmation/confirmationListeners';
import { ACTION_LOG_CAPACITY, PAGE_LOG_ID } from './constants';
import type { Effects } from './effects';
import { createAppListenerMiddleware, type AppStartListening } from './listeners';
import { addLocaleListeners } from './locale/localeListeners';
import { addNavigationListeners } from './navigationSlice';
import { rootReducer, type RootState } from './rootReducer';
import { addRouterListeners } from './router/routerSlice';
import { addSecondStepListeners } from './secondStep';

export type { RootState } from './rootReducer';
export type { AppDispatch } from './listeners';

export interface StoreOptions {
  /** Extra enhancers after the middleware, e.g. DevTools instrumentation in tests. */
  enhancers?: StoreEnhancer[];
  devTools?: Parameters<typeof configureStore>[0]['devTools'];
  /** How many of the latest actions the action log keeps. */
  actionLogCapacity?: number;
  /** The log this tab recorded before a reload, to continue (see ActionRecorder.restore). */
  restoredActionLog?: string | null;
  /** The id of the action log, sent with every API request (`X-Log-Id`); the page's by default. */
  logId?: string;
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
  const actionLog = createActionRecorder({
    capacity: options.actionLogCapacity ?? ACTION_LOG_CAPACITY,
    now: effects ? () => effects.clock.now() : Date.now,
    reducer: rootReducer,
    logId: options.logId ?? PAGE_LOG_ID,
  });
  // What the base query reads: the token's storage, and the log id its requests carry.
  const requestContext: RequestContext | undefined = effects && {
    storage: effects.storage,
    logId: actionLog.logId,
  };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    devTools: options.devTools ?? false,
    middleware: (getDefaultMiddleware) => {
      const defaults = getDefaultMiddleware({ thunk: { extraArgument: requestContext } });
      // The action log comes last, so it sees exactly what reaches the reducer.
      if (!listenerMiddleware) return defaults.concat(actionLog.middleware);
      return defaults
        .prepend(listenerMiddleware.middleware)
        .concat(api.middleware, actionLog.middleware);
    },
    enhancers: (getDefaultEnhancers) => getDefaultEnhancers().concat(options.enhancers ?? []),
  });
  if (options.restoredActionLog) actionLog.restore(options.restoredActionLog, store.getState());
  if (listenerMiddleware) addAppListeners(listenerMiddleware.startListening);
  return Object.assign(store, { actionLog, listenerMiddleware });
}

/** Every feature's listeners (added again, after clearing, when the dev server swaps modules). */
export function addAppListeners(startAppListening: AppStartListening) {
  addRouterListeners(startAppListening);
  // Before the navigation's: listeners run in this order, so a way in's token is stored before the
  // navigation it leads to sends its verify call.
  addAuthListeners(startAppListening);
  addSecondStepListeners(startAppListening);
  addNavigationListeners(startAppListening);
  addLocaleListeners(startAppListening);
  addSessionsListeners(startAppListening);
  addEmailChangeListeners(startAppListening);
  addSecondFactorListeners(startAppListening);
  addConfirmationListeners(startAppListening);
  addPasskeyListeners(startAppListening);
  addProviderListeners(startAppListening);
}

export type AppStore = ReturnType<typeof makeStore>;
