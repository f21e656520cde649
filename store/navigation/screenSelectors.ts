import { createSelector } from '@reduxjs/toolkit';

import { selectUser } from '../auth/authSlice';
import type { AppLocation } from '../router/location';
import { selectLocation } from '../router/routerSlice';
import { selectSettledView, selectWaitPhase, type WaitPhase } from './navigationSlice';
import { routeAccess, type RouteName } from './routes';
import { selectViewDecision } from './viewSelectors';

/**
 * What the main area shows, from the store alone: the current navigation's view once its check
 * has settled; while it is pending, the last settled view, busy; before any, a loading state.
 */
export type Screen =
  | { kind: 'loading'; location: AppLocation | null; wait: WaitPhase | null }
  | {
      kind: 'view';
      route: RouteName;
      location: AppLocation;
      busy: boolean;
      wait: WaitPhase | null;
    };

export const selectScreen = createSelector(
  [selectViewDecision, selectLocation, selectSettledView, selectWaitPhase, selectUser],
  (decision, location, settled, wait, user): Screen => {
    if (decision.kind === 'route' && location) {
      return { kind: 'view', route: decision.route, location, busy: false, wait: null };
    }
    // Kept only for the identity it was settled for: home needs a user, guest forms need none.
    const allowed = settled && (routeAccess(settled.route) === 'signedIn') === (user !== null);
    if (settled && allowed) {
      return { kind: 'view', route: settled.route, location: settled.location, busy: true, wait };
    }
    return { kind: 'loading', location, wait };
  },
);

/** The location React Router renders: the shown view's own, so a kept view reads its own query. */
export const selectShownLocation = (state: Parameters<typeof selectScreen>[0]) =>
  selectScreen(state).location;
