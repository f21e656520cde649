// What the screen shows while a navigation's check is pending: the last settled view (kept so
// that on-screen stays a function of the store) and how long the visitor has been waiting.
import { createAction, createSlice } from '@reduxjs/toolkit';

import { api } from '../api/apiSlice';
import {
  loggedOut,
  sessionEnded,
  sessionVerified,
  tokenRejected,
  verifyFailed,
} from '../auth/authSlice';
import type { AppLocation } from '../router/location';
import { locationChanged } from '../router/routerSlice';
import { redirectTarget, routeAccess, routeFor, type RouteName } from './routes';

/** `brief`: under 300 ms; `long`: a progress bar shows; `veryLong`: past 5 s, the server is slow. */
export type WaitPhase = 'brief' | 'long' | 'veryLong';

export interface SettledView {
  route: RouteName;
  /** The location the view was settled on: what it renders from (its query, for instance). */
  location: AppLocation;
}

/** `load`: its chunk could not be fetched; `render`: it threw while rendering. */
export type ViewFailureReason = 'load' | 'render';

export interface ViewFailure {
  view: RouteName;
  reason: ViewFailureReason;
}

export interface NavigationState {
  /** The latest navigation's location, whose check decides the next settled view. */
  pending: AppLocation | null;
  settled: SettledView | null;
  /** Null when nothing is awaited; one wait spans a navigation and the redirects it leads to. */
  wait: WaitPhase | null;
  /** A view that could not show: the main area says so, inside the layout, until a retry. */
  failure: ViewFailure | null;
  /** Counts the retries: a new attempt mounts the view afresh and fetches a failed chunk again. */
  attempt: number;
}

const initialState: NavigationState = {
  pending: null,
  settled: null,
  wait: null,
  failure: null,
  attempt: 0,
};

/** The wait passed 300 ms (a listener's timer; reducers never read the clock). */
export const waitGrewLong = createAction('navigation/waitGrewLong');
/** The wait passed 5 s. */
export const waitGrewVeryLong = createAction('navigation/waitGrewVeryLong');
/** A view's chunk failed to load or the view threw while rendering. */
export const viewFailed = createAction<ViewFailure>('app/viewFailed');
/** A signed-in visitor opened a guest-only link (an activation or reset link) and goes home. */
export const sentHome = createAction<{ from: 'activation' | 'resetPassword' }>(
  'navigation/sentHome',
);
/** The visitor pressed "Try again", or the browser came back online. */
export const viewRetried = createAction<{ view: RouteName; trigger: 'button' | 'online' }>(
  'app/viewRetried',
);

/** The failed view is tried again: its failure is forgotten and it mounts afresh. */
function retry(state: NavigationState) {
  if (state.failure === null) return;
  state.failure = null;
  state.attempt += 1;
}

function settle(state: NavigationState, navigationKey: string, signedIn: boolean) {
  const location = state.pending;
  if (!location || location.key !== navigationKey) return;
  const route = routeFor(location.pathname);
  if (route && redirectTarget(location.pathname, signedIn) === null) {
    state.settled = { route, location };
    state.wait = null;
    retry(state); // a new navigation (Back, a link) tries a failed view again too
    return;
  }
  // A redirect follows: the kept view stays only if this visitor may still see it.
  const kept = state.settled;
  if (kept && routeAccess(kept.route) !== (signedIn ? 'signedIn' : 'guest')) state.settled = null;
}

/** The visitor's identity changed without a check: no view of the old identity may stay. */
function forgetKeptView(state: NavigationState) {
  state.settled = null;
}

export const navigationSlice = createSlice({
  name: 'navigation',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(locationChanged, (state, { payload }) => {
        state.pending = payload.location;
        state.wait ??= 'brief';
      })
      .addCase(waitGrewLong, (state) => {
        if (state.wait === 'brief') state.wait = 'long';
      })
      .addCase(waitGrewVeryLong, (state) => {
        if (state.wait !== null) state.wait = 'veryLong';
      })
      .addCase(viewFailed, (state, { payload }) => {
        state.failure = { view: payload.view, reason: payload.reason };
      })
      .addCase(viewRetried, retry)
      .addCase(sessionVerified, (state, { payload }) => settle(state, payload.navigationKey, true))
      .addCase(tokenRejected, (state, { payload }) => settle(state, payload.navigationKey, false))
      .addCase(verifyFailed, (state, { payload }) => settle(state, payload.navigationKey, false))
      .addCase(loggedOut, forgetKeptView)
      .addCase(sessionEnded, forgetKeptView)
      .addMatcher(api.endpoints.login.matchFulfilled, forgetKeptView)
      .addMatcher(api.endpoints.verifyAccount.matchFulfilled, forgetKeptView);
  },
  selectors: {
    selectSettledView: (state) => state.settled,
    selectWaitPhase: (state) => state.wait,
    selectViewFailure: (state) => state.failure,
    selectViewAttempt: (state) => state.attempt,
  },
});

export const { selectSettledView, selectWaitPhase, selectViewFailure, selectViewAttempt } =
  navigationSlice.selectors;
