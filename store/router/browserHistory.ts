// The history as the store sees it, built on React Router's own implementation
// (v5Compat makes it report PUSH and REPLACE as well as POP).
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createMemoryHistory as createMemoryHistory,
} from 'react-router-dom';

import type { AppHistory } from '../effects';

import type { AppLocation } from './location';

type RouterHistory = ReturnType<typeof createBrowserHistory>;

function plain(location: RouterHistory['location']): AppLocation {
  const { pathname, search, hash, key } = location;
  return { pathname, search, hash, key, state: location.state ?? null };
}

function adapt(history: RouterHistory): AppHistory {
  return {
    get location() {
      return plain(history.location);
    },
    push: (to, state) => history.push(to, state),
    replace: (to, state) => history.replace(to, state),
    listen: (listener) =>
      history.listen(({ action, location }) => listener({ action, location: plain(location) })),
  };
}

export function createAppHistory(window: Window): AppHistory {
  return adapt(createBrowserHistory({ window, v5Compat: true }));
}

/** An in-memory history, for tests and for rendering recorded states. */
export function createMemoryAppHistory(initialEntries: string[] = ['/']): AppHistory {
  return adapt(createMemoryHistory({ initialEntries, v5Compat: true }));
}
