import { redirectTarget, routeFor } from '../../store/navigation/routes';
import type { AppStore } from '../../store/store';

import { VIEWS } from './views';

/**
 * Fetches the view chunks a navigation can end on while its verify call runs. A chunk that fails
 * here is fetched again when its view renders, and only a failure then is shown.
 */
function preloadFor(pathname: string) {
  for (const signedIn of [true, false]) {
    const route = routeFor(redirectTarget(pathname, signedIn) ?? pathname);
    if (route) VIEWS[route].preload().catch(() => {});
  }
}

/** For the first navigation and every later one, so a settled view swaps in without a fallback. */
export function preloadViewsOfEachNavigation(store: AppStore): () => void {
  let pathname: string | null = null;
  const follow = () => {
    const next = store.getState().router.location?.pathname ?? null;
    if (next === null || next === pathname) return;
    pathname = next;
    preloadFor(next);
  };
  follow();
  return store.subscribe(follow);
}
