// React Router rendering the store's location: links and navigate() become
// `router/navigationRequested` events that a listener performs on the history.
import { useMemo, type ReactNode } from 'react';
import { createPath, Router, type Navigator, type To } from 'react-router';

import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { navigationRequested, selectLocation } from '../../store/router/routerSlice';

const href = (to: To) => (typeof to === 'string' ? to : createPath(to));

export function StoreRouter({ children }: { children: ReactNode }) {
  const location = useAppSelector(selectLocation);
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
  if (!location) return null;
  return (
    <Router location={location} navigator={navigator}>
      {children}
    </Router>
  );
}
