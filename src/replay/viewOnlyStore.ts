// A store that shows one recorded state and does nothing else: every dispatch is dropped, so a
// click in a replayed view sends no request, changes no history and leaves the state as it was.
import type { RootState } from '../../store/rootReducer';
import { makeStore, type AppStore } from '../../store/store';

/** What a dropped thunk gives back: RTK Query's request handle that never settles. */
function neverSettling() {
  const pending = new Promise<never>(() => {});
  return Object.assign(pending, {
    abort() {},
    reset() {},
    unsubscribe() {},
    unwrap: () => pending,
  });
}

export function viewOnlyStore(state: RootState): AppStore {
  const store = makeStore(state);
  const dispatch = (action: unknown) => (typeof action === 'function' ? neverSettling() : action);
  return { ...store, dispatch: dispatch as AppStore['dispatch'] };
}
