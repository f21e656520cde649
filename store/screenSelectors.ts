// What the main area shows, from the store alone: which view this navigation may show once its
// check has settled (the view decision), and what shows meanwhile (the screen).
import { createSelector } from '@reduxjs/toolkit';

import { selectAuthNavigationKey, selectAuthStatus, selectUser } from './authSlice';
import {
  selectSettledView,
  selectViewFailure,
  selectWaitPhase,
  type ViewFailureReason,
  type WaitPhase,
} from './navigationSlice';
import type { AppLocation } from './router/location';
import { selectLocation } from './router/routerSlice';
import { redirectTarget, routeAccess, routeFor, type RouteName } from './routes';

/** What the root view shows: nothing until this navigation's verify settles, then a route. */
export type ViewDecision =
  { kind: 'pending' } | { kind: 'redirecting'; to: string } | { kind: 'route'; route: RouteName };

export const selectViewDecision = createSelector(
  [selectLocation, selectAuthStatus, selectAuthNavigationKey],
  (location, status, navigationKey): ViewDecision => {
    if (!location || navigationKey !== location.key) return { kind: 'pending' };
    if (status !== 'signedIn' && status !== 'guest') return { kind: 'pending' };
    const target = redirectTarget(location.pathname, status === 'signedIn', location.search);
    if (target !== null) return { kind: 'redirecting', to: target };
    const route = routeFor(location.pathname);
    return route ? { kind: 'route', route } : { kind: 'redirecting', to: '/' };
  },
);

interface ShownRoute {
  route: RouteName;
  location: AppLocation;
  busy: boolean;
  wait: WaitPhase | null;
}

/**
 * What the main area shows, from the store alone: the current navigation's view once its check
 * has settled; while it is pending, the last settled view, busy; before any, a loading state.
 * A view that could not load or render shows as `failed`, in its place.
 */
export type Screen =
  | { kind: 'loading'; location: AppLocation | null; wait: WaitPhase | null }
  | ({ kind: 'view' } & ShownRoute)
  | ({ kind: 'failed'; reason: ViewFailureReason } & ShownRoute);

export const selectScreen = createSelector(
  [
    selectViewDecision,
    selectLocation,
    selectSettledView,
    selectWaitPhase,
    selectUser,
    selectViewFailure,
  ],
  (decision, location, settled, wait, user, failure): Screen => {
    const shown = (route: ShownRoute): Screen =>
      failure?.view === route.route
        ? { kind: 'failed', reason: failure.reason, ...route }
        : { kind: 'view', ...route };
    if (decision.kind === 'route' && location) {
      return shown({ route: decision.route, location, busy: false, wait: null });
    }
    // Kept only for the identity it was settled for: home needs a user, guest forms need none.
    const allowed = settled && (routeAccess(settled.route) === 'signedIn') === (user !== null);
    if (settled && allowed) {
      return shown({ route: settled.route, location: settled.location, busy: true, wait });
    }
    return { kind: 'loading', location, wait };
  },
);

/** The location React Router renders: the shown view's own, so a kept view reads its own query. */
export const selectShownLocation = (state: Parameters<typeof selectScreen>[0]) =>
  selectScreen(state).location;
