import { redirectTarget, routeFor } from '../../store/routes';
import type { AppStore } from '../../store/store';

import { VIEWS } from './views';

/**
 * Fetches the view chunks a navigation can end on while its verify call runs: without a stored
 * token, only a guest's. A chunk that fails here is fetched again when its view renders, and only
 * a failure then is shown.
 */
export function preloadViewsFor(pathname: string, hasToken: boolean) {
  for (const signedIn of hasToken ? [true, false] : [false]) {
    const route = routeFor(redirectTarget(pathname, signedIn) ?? pathname);
    if (route) VIEWS[route].preload().catch(() => {});
  }
}

/** For the first navigation and every later one, so a settled view swaps in without a fallback. */
export function preloadViewsOfEachNavigation(store: AppStore): () => void {
  let pathname: string | null = null;
  const follow = () => {
    const state = store.getState();
    const next = state.router.location?.pathname ?? null;
    if (next === null || next === pathname) return;
    pathname = next;
    preloadViewsFor(next, state.auth.hasToken);
  };
  follow();
  return store.subscribe(follow);
}
