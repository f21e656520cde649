// Keeps the browser history and the store's location in step, both ways:
// history -> store with `router/locationChanged`; store -> history with `history.replace` when
// the store moves on its own (DevTools time travel), without dispatching anything back.
import type { Store } from '@reduxjs/toolkit';

import type { AppHistory } from '../effects';

import { sameHref, toHref } from './location';
import { locationChanged, type RouterState } from './routerSlice';

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
