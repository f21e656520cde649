// React Router rendering the location of the view on screen (a kept view keeps its own while
// the next navigation is checked): a link's click (../components/Link.tsx) and navigate() become
// `router/navigationRequested` events that a listener performs on the history.
import { useMemo, type ReactNode } from 'react';
import { createPath, Router, type Navigator, type To } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../../store/hooks';
import type { AppLocation } from '../../store/router/location';
import { navigationRequested } from '../../store/router/routerSlice';
import { selectShownLocation } from '../../store/screenSelectors';

/** Before the store has any location (an empty recorded state), the loading card still shows. */
const NO_LOCATION: AppLocation = { pathname: '/', search: '', hash: '', key: 'none', state: null };

const href = (to: To) => (typeof to === 'string' ? to : createPath(to));

export function StoreRouter({ children }: { children: ReactNode }) {
  const location = useAppSelector(selectShownLocation) ?? NO_LOCATION;
  const dispatch = useAppDispatch();
  const navigator = useMemo<Navigator>(
    () => ({
      createHref: href,
      push: (to) => void dispatch(navigationRequested({ to: href(to) })),
      replace: (to) => void dispatch(navigationRequested({ to: href(to), replace: true })),
      // Back and forward come back as POP updates from the history itself.
      go: (delta) => window.history.go(delta),
    }),
    [dispatch],
  );
  return (
    <Router location={location} navigator={navigator}>
      {children}
    </Router>
  );
}
