// The one way a running store starts: its state read from storage and the page's location, the
// store made with the effects, and the history bridge connected. The app, the tests that drive
// a whole store, and the action-log journeys all start here.
import { withStartLocation } from './devtools/startLocation';
import type { Effects } from './effects';
import { connectHistory } from './router/routerSlice';
import { makeStore, type StoreOptions } from './store';
import { initialStateFromStorage } from './storedState';

export function startStore(effects: Effects, options: StoreOptions = {}) {
  const store = makeStore(
    withStartLocation(
      initialStateFromStorage(effects.storage, {
        storage: effects.tabStorage,
        nowMs: effects.clock.now(),
      }),
      effects.history.location,
    ),
    effects,
    options,
  );
  connectHistory(store, effects.history);
  return store;
}
