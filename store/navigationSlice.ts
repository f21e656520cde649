// The navigation, as one feature file: the check before every navigation (the verify call, its
// outcome, the session's traces kept or cleared, the redirect the route table asks for), then what
// the screen shows meanwhile (the last settled view, kept so that on-screen stays a function of the
// store) and how long the visitor has been waiting, and a view that could not show, tried again.
// What the main area shows from this state is screenSelectors.ts.
import { createAction, createSlice, isAnyOf } from '@reduxjs/toolkit';
import * as v from 'valibot';

import type { PublicUser } from '../contract/api';
import { RefusalAsRead, VerifyAnswerAsRead } from '../contract/schemas';

import { api, QueryError, UNTRACKED } from './apiSlice';
import {
  forgetSession,
  loggedOut,
  selectAuthStatus,
  selectHasToken,
  sessionEnded,
  sessionVerified,
  tokenRejected,
  verifyFailed,
  verifyStarted,
  writeUserCookie,
  type VerifyFailureReason,
} from './authSlice';
import type { AppStartListening } from './listeners';
import type { AppLocation } from './router/location';
import { locationChanged, navigationRequested, selectLocation } from './router/routerSlice';
import {
  afterSignInHref,
  inAppLocation,
  redirectTarget,
  routeAccess,
  routeFor,
  ROUTES,
  secondStepHref,
  type RouteName,
} from './routes';
import { secondStepAsked, signedIn } from './wayIn';

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
/**
 * The visitor pressed "Try again", the browser came back online, or (development) an edit was
 * applied by a hot update.
 */
export const viewRetried = createAction<{
  view: RouteName;
  trigger: 'button' | 'online' | 'hotUpdate';
}>('app/viewRetried');

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
      // Signed in by any way in: the guest's view may not stay while home is checked.
      .addMatcher(signedIn, forgetKeptView);
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

// The three outcomes of a verify call, decided from RTK Query's result.

type VerifyOutcome =
  | { kind: 'signedIn'; user: PublicUser; exp: unknown }
  | { kind: 'rejected'; status: number; code: string | null }
  | { kind: 'failed'; reason: VerifyFailureReason; status?: number };

type QueryResult = { data: unknown } | { error: unknown };

function classifyBody(body: unknown, status: number): VerifyOutcome {
  const refusal = v.safeParse(RefusalAsRead, body);
  // A refusal counts from a 2xx or a 4xx answer (docs/architecture.md, Verify outcomes).
  if (refusal.success && (status < 300 || (status >= 400 && status < 500))) {
    return { kind: 'rejected', status, code: refusal.output.code ?? null };
  }
  const answer = v.safeParse(VerifyAnswerAsRead, body);
  if (answer.success && status < 300) {
    return { kind: 'signedIn', user: answer.output.user, exp: answer.output.signature.exp };
  }
  return { kind: 'failed', reason: 'malformed', status };
}

function classifyVerifyResult(result: QueryResult): VerifyOutcome {
  if ('data' in result) return classifyBody(result.data, 200);
  const parsed = v.safeParse(QueryError, result.error);
  if (!parsed.success) return { kind: 'failed', reason: 'network' };
  const error = parsed.output;
  const { status } = error;
  if (status === 'TIMEOUT_ERROR') return { kind: 'failed', reason: 'timeout' };
  if (status === 'FETCH_ERROR') return { kind: 'failed', reason: 'network' };
  if (status === 'PARSING_ERROR') {
    const original = error.originalStatus;
    return {
      kind: 'failed',
      reason: (original ?? 0) >= 500 ? 'server' : 'malformed',
      status: original,
    };
  }
  if (typeof status !== 'number') return { kind: 'failed', reason: 'malformed' };
  // A 5xx is a failure of the server, never a verdict on the token, whatever its body says.
  if (status >= 500) return { kind: 'failed', reason: 'server', status };
  // A 2xx here is a refusal the base query turned into an error; a 3xx is never a verdict.
  if (status >= 400 || status < 300) return classifyBody(error.data, status);
  return { kind: 'failed', reason: 'malformed', status };
}

/** When the wait grows long (a progress bar), and very long (the server is slow). */
export const WAIT_LONG_MS = 300;
export const WAIT_VERY_LONG_MS = 5000;

/** The navigation's listeners: the check of each navigation, the wait's timers, the retry. */
export function addNavigationListeners(startAppListening: AppStartListening) {
  // The check before every navigation: only the latest navigation's answer counts.
  startAppListening({
    actionCreator: locationChanged,
    effect: async ({ payload }, listenerApi) => {
      listenerApi.cancelActiveListeners();
      const { extra, dispatch } = listenerApi;
      const loadSessionTime = () => extra.loadSessionTime().catch(() => null);
      const navigationKey = payload.location.key;
      dispatch(verifyStarted({ navigationKey }));
      const request = dispatch(api.endpoints.verify.initiate(navigationKey, UNTRACKED));
      listenerApi.signal.addEventListener('abort', () => request.abort());
      // A stored token may be a session: what dates its cookie loads beside the check, so a
      // signed-in answer does not wait for it; a guest never loads it.
      const loading = selectHasToken(listenerApi.getState()) ? loadSessionTime() : null;
      const result = await listenerApi.pause(request);
      const outcome = classifyVerifyResult(result as { data: unknown } | { error: unknown });
      const sessionTime =
        outcome.kind === 'signedIn' ? await listenerApi.pause(loading ?? loadSessionTime()) : null;

      if (outcome.kind === 'signedIn' && sessionTime) {
        const nowMs = extra.clock.now();
        const { expiresAt, lifetimeSeconds } = sessionTime.sessionLifetime(outcome.exp, nowMs);
        writeUserCookie(extra, outcome.user, lifetimeSeconds, nowMs);
        dispatch(sessionVerified({ navigationKey, user: outcome.user, expiresAt }));
      } else if (outcome.kind === 'rejected') {
        forgetSession(extra);
        dispatch(tokenRejected({ navigationKey, code: outcome.code }));
      } else {
        // A failed call, or a signed-in answer whose session time could not be loaded (offline
        // since the answer): a guest for this navigation, with the token kept.
        const { reason, status } =
          outcome.kind === 'failed' ? outcome : { reason: 'network' as const, status: undefined };
        extra.console.error('user-token-error', {
          reason,
          ...(status === undefined ? {} : { status }),
        });
        dispatch(verifyFailed({ navigationKey, reason, status }));
      }

      const signedIn = selectAuthStatus(listenerApi.getState()) === 'signedIn';
      const { pathname, search } = payload.location;
      const target = redirectTarget(pathname, signedIn, search);
      if (target === null) return;
      // A link from a mail, opened while signed in: home says why the link did nothing.
      const from = routeFor(payload.location.pathname);
      if (signedIn && (from === 'activation' || from === 'resetPassword')) {
        dispatch(sentHome({ from }));
      }
      dispatch(navigationRequested({ to: target, replace: true }));
    },
  });

  // Every way in (store/wayIn.ts) ends in one of two places, whichever it was: home, or
  // where the link that asked for the login points, once signed in; the second step, shown by
  // the login view, while one waits.
  startAppListening({
    predicate: (action) => signedIn(action) || secondStepAsked(action),
    effect: (action, { dispatch, getState }) => {
      const location = selectLocation(getState());
      // A provider's return names where its flow started; only a place in this app counts.
      const returnTo = (action.payload as { returnTo?: unknown }).returnTo;
      const from = typeof returnTo === 'string' ? inAppLocation(returnTo) : null;
      if (signedIn(action)) {
        dispatch(navigationRequested({ to: afterSignInHref(from ?? location) }));
        return;
      }
      // The second step's login carries what the return path carries, as a password's login does.
      const to = secondStepHref(from ?? location);
      if (
        location?.pathname === ROUTES.login &&
        (!from || location.search === to.slice(ROUTES.login.length))
      ) {
        return;
      }
      // A used code's form is no place to come back to.
      dispatch(navigationRequested({ to, replace: true }));
    },
  });

  // Logged out, or the session ended elsewhere: to the login form, checked like any navigation.
  startAppListening({
    matcher: isAnyOf(loggedOut, sessionEnded),
    effect: (_action, { dispatch }) => void dispatch(navigationRequested({ to: ROUTES.login })),
  });

  // The wait's thresholds become events; settling the wait cancels the timers.
  startAppListening({
    predicate: (_action, state, previous) =>
      selectWaitPhase(previous) === null && selectWaitPhase(state) !== null,
    effect: async (_action, { cancelActiveListeners, condition, dispatch, fork }) => {
      cancelActiveListeners();
      const timers = fork(async ({ delay }) => {
        await delay(WAIT_LONG_MS);
        dispatch(waitGrewLong());
        await delay(WAIT_VERY_LONG_MS - WAIT_LONG_MS);
        dispatch(waitGrewVeryLong());
      });
      await condition((_action, state) => selectWaitPhase(state) === null);
      timers.cancel();
    },
  });

  // A view that could not show is tried again as soon as the browser is back online.
  startAppListening({
    actionCreator: viewFailed,
    effect: async ({ payload }, { cancelActiveListeners, condition, dispatch, extra }) => {
      cancelActiveListeners();
      let stop = () => {};
      const online = new Promise<'online'>((resolve) => {
        stop = extra.connection.onOnline(() => resolve('online'));
      });
      // The failure may end first: "Try again", or a navigation elsewhere.
      const ended = condition((_action, state) => selectViewFailure(state) === null).then(
        () => 'ended' as const,
      );
      try {
        if ((await Promise.race([online, ended])) === 'online') {
          dispatch(viewRetried({ view: payload.view, trigger: 'online' }));
        }
      } finally {
        stop();
      }
    },
  });
}
