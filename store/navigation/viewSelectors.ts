import { createSelector } from '@reduxjs/toolkit';

import { selectAuthNavigationKey, selectAuthStatus } from '../auth/authSlice';

import { selectLocation } from '../router/routerSlice';
import { redirectTarget, routeFor, type RouteName } from './routes';

/** What the root view shows: nothing until this navigation's verify settles, then a route. */
export type ViewDecision =
  { kind: 'pending' } | { kind: 'redirecting'; to: string } | { kind: 'route'; route: RouteName };

export const selectViewDecision = createSelector(
  [selectLocation, selectAuthStatus, selectAuthNavigationKey],
  (location, status, navigationKey): ViewDecision => {
    if (!location || navigationKey !== location.key) return { kind: 'pending' };
    if (status !== 'signedIn' && status !== 'guest') return { kind: 'pending' };
    const target = redirectTarget(location.pathname, status === 'signedIn');
    if (target !== null) return { kind: 'redirecting', to: target };
    const route = routeFor(location.pathname);
    return route ? { kind: 'route', route } : { kind: 'redirecting', to: '/' };
  },
);
