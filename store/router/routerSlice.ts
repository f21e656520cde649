// The store's location and the browser history, in step both ways: a link or a listener asks with
// `router/navigationRequested` and a listener performs it on the history; the history's changes
// come back as `router/locationChanged` (the bridge at the end of this file).
import { createAction, createSlice, type PayloadAction, type Store } from '@reduxjs/toolkit';

import type { AppHistory } from '../effects';
import type { AppStartListening } from '../listeners';

import { sameHref, toHref, type AppLocation, type HistoryAction } from './location';

export interface RouterState {
  location: AppLocation | null;
  action: HistoryAction;
}

const initialState: RouterState = { location: null, action: 'POP' };

/** A view or listener asks to go somewhere; a listener performs it on the history. */
export const navigationRequested = createAction<{ to: string; replace?: boolean }>(
  'router/navigationRequested',
);

export const routerSlice = createSlice({
  name: 'router',
  initialState,
  reducers: {
    locationChanged(
      state,
      action: PayloadAction<{ location: AppLocation; action: HistoryAction }>,
    ) {
      state.location = action.payload.location;
      state.action = action.payload.action;
    },
  },
  selectors: {
    selectLocation: (state) => state.location,
    selectPathname: (state) => state.location?.pathname ?? null,
    selectSearch: (state) => state.location?.search ?? '',
  },
});

export const { locationChanged } = routerSlice.actions;
export const { selectLocation, selectPathname, selectSearch } = routerSlice.selectors;

export function addRouterListeners(startAppListening: AppStartListening) {
  startAppListening({
    actionCreator: navigationRequested,
    effect: ({ payload }, { extra }) => {
      if (payload.replace) extra.history.replace(payload.to);
      else extra.history.push(payload.to);
    },
  });
}

// Keeps the browser history and the store's location in step, both ways:
// history -> store with `router/locationChanged`; store -> history with `history.replace` when
// the store moves on its own (DevTools time travel), without dispatching anything back.
export function connectHistory(
  store: Store<{ router: RouterState }>,
  history: AppHistory,
): () => void {
  let following = false;
  const stopListening = history.listen(({ action, location }) => {
    if (!following) store.dispatch(locationChanged({ action, location }));
  });
  const stopSubscription = store.subscribe(() => {
    const location = store.getState().router.location;
    if (!location || sameHref(location, history.location)) return;
    following = true;
    try {
      history.replace(toHref(location), location.state);
    } finally {
      following = false;
    }
  });
  store.dispatch(locationChanged({ action: 'POP', location: history.location }));
  return () => {
    stopListening();
    stopSubscription();
  };
}
