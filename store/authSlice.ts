// The session, as one feature file: who the visitor is (the slice), the session's traces outside
// the store (the stored token and the `user` cookie), and the listeners that keep them in step with
// the API's answers (a login's token, an email change's cookie, a log-out, a session ended
// elsewhere). The check of each navigation that decides the status is in
// store/navigationSlice.ts.
import {
  createAction,
  createSlice,
  type PayloadAction,
  type UnknownAction,
} from '@reduxjs/toolkit';

import type { PublicUser } from '../contract/api';
import { api, decodeRequestError, UNTRACKED } from './apiSlice';
import { COOKIE_DEFAULTS, STORAGE_KEYS, USER_COOKIE } from './constants';
import type { Effects } from './effects';
import type { AppStartListening } from './listeners';

import { secondStepAsked, signedIn, wayInSent } from './wayIn';

/** Why a navigation's verify call gave no verdict on the token. */
export type VerifyFailureReason = 'network' | 'timeout' | 'server' | 'malformed';

interface AuthCommon {
  /** The navigation (location key) that `status` belongs to. */
  navigationKey: string | null;
  /** Whether a token is stored: the token itself never enters the store. */
  hasToken: boolean;
  lastFailure: VerifyFailureReason | null;
}

/**
 * A way in whose password was right, waiting for its second factor: the ticket the second step
 * sends (a secret: redacted in the action log) and when it ends (Unix seconds), with the address
 * the way in named (shown with the step) and, after a password reset, `afterReset`. Absent, not
 * null, when there is none, so states without it keep the shape and hashes of logs recorded before
 * it. Navigations keep it; a listener keeps it in the tab's session storage (./secondStep.ts), so
 * a reload shows the step again until the ticket ends, is used, refused or left.
 */
export interface SecondStep {
  ticket: string;
  expiresAt: number;
  email?: string;
  afterReset?: true;
}

/** Session expiry in Unix seconds beside its user: both present or both absent. */
type KnownSession = { user: PublicUser; expiresAt: number };
type NoSession = { user: null; expiresAt: null };

/**
 * `checking`: the verify call of the current navigation has not settled yet.
 * A signed-in state always has its user. While checking, the last known session stays (the
 * kept view may be the home view); a guest has none.
 */
export type AuthState = AuthCommon & { secondStep?: SecondStep } & (
    | ({ status: 'signedIn' } & KnownSession)
    | ({ status: 'checking' } & (KnownSession | NoSession))
    | ({ status: 'unknown' | 'guest' } & NoSession)
  );

export const initialAuthState: AuthState = {
  status: 'unknown',
  navigationKey: null,
  user: null,
  expiresAt: null,
  hasToken: false,
  lastFailure: null,
};

const common = ({
  navigationKey,
  hasToken,
  lastFailure,
  secondStep,
}: AuthState): AuthCommon & { secondStep?: SecondStep } => ({
  navigationKey,
  hasToken,
  lastFailure,
  ...(secondStep ? { secondStep } : {}),
});

interface ForNavigation {
  navigationKey: string;
}

/** The visitor pressed log out; a listener calls the server and cleans up. */
export const logoutRequested = createAction('auth/logoutRequested');

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState as AuthState,
  reducers: {
    verifyStarted(state, action: PayloadAction<ForNavigation>): AuthState {
      const session: KnownSession | NoSession =
        state.user && state.expiresAt !== null
          ? { user: state.user, expiresAt: state.expiresAt }
          : { user: null, expiresAt: null };
      return {
        ...common(state),
        navigationKey: action.payload.navigationKey,
        status: 'checking',
        ...session,
      };
    },
    sessionVerified(
      state,
      action: PayloadAction<ForNavigation & { user: PublicUser; expiresAt: number }>,
    ): AuthState | undefined {
      if (action.payload.navigationKey !== state.navigationKey) return;
      const { user, expiresAt } = action.payload;
      // Signed in (here or in another tab): no second step waits any more.
      const { secondStep: _ended, ...rest } = common(state);
      return { ...rest, status: 'signedIn', user, expiresAt, lastFailure: null };
    },
    tokenRejected(
      state,
      action: PayloadAction<ForNavigation & { code: string | null }>,
    ): AuthState | undefined {
      if (action.payload.navigationKey !== state.navigationKey) return;
      return {
        ...common(state),
        status: 'guest',
        user: null,
        expiresAt: null,
        hasToken: false,
        lastFailure: null,
      };
    },
    verifyFailed(
      state,
      action: PayloadAction<ForNavigation & { reason: VerifyFailureReason; status?: number }>,
    ): AuthState | undefined {
      if (action.payload.navigationKey !== state.navigationKey) return;
      const lastFailure = action.payload.reason;
      return { ...common(state), status: 'guest', user: null, expiresAt: null, lastFailure };
    },
    /** The session is forgotten here and on the server: the visitor is a guest at once. */
    loggedOut(state): AuthState {
      return { ...common(state), status: 'guest', user: null, expiresAt: null, hasToken: false };
    },
    /**
     * A signed-in request (`endpoint`) was answered INVALID_TOKEN: the session was ended on another
     * device or has expired. It is forgotten here as a rejected verify does; the visitor is a guest.
     */
    sessionEnded(state, _action: PayloadAction<{ endpoint: string }>): AuthState {
      return { ...common(state), status: 'guest', user: null, expiresAt: null, hasToken: false };
    },
    /** The visitor left a login's second step for the password step ("Use a different account"). */
    secondStepCancelled(state) {
      delete state.secondStep;
    },
    /** The second step's ticket ended (a listener's timer: reducers never read the clock). */
    secondStepExpired(state) {
      delete state.secondStep;
    },
  },
  extraReducers: (builder) => {
    // One rule for every way in (./wayIn.ts): a session is kept; a ticket is the second step,
    // whichever way in answered it.
    builder.addMatcher(signedIn, (state) => {
      state.hasToken = true;
      delete state.secondStep;
    });
    builder.addMatcher(secondStepAsked, (state, { payload, meta }) => {
      const { originalArgs, endpointName } = meta.arg;
      const email = (originalArgs as { email?: unknown } | undefined)?.email;
      state.secondStep = {
        ...payload.secondFactor,
        ...(typeof email === 'string' ? { email: email.trim() } : {}),
        ...(endpointName === 'resetPassword' ? { afterReset: true as const } : {}),
      };
    });
    // A ticket out of time or already used: back to the password step.
    builder.addMatcher(api.endpoints.loginSecondFactor.matchRejected, (state, { payload }) => {
      if (decodeRequestError(payload).code === 'INVALID_TICKET') delete state.secondStep;
    });
    // The confirmed new address is the user's email from now on, on this screen too.
    builder.addMatcher(api.endpoints.confirmEmailChange.matchFulfilled, (state, { payload }) => {
      if (state.user) state.user = payload.user;
    });
  },
  selectors: {
    selectAuthStatus: (state) => state.status,
    selectAuthNavigationKey: (state) => state.navigationKey,
    selectUser: (state) => state.user,
    selectSessionExpiresAt: (state) => state.expiresAt,
    selectHasToken: (state) => state.hasToken,
    selectSecondStep: (state) => state.secondStep ?? null,
  },
});

export const {
  verifyStarted,
  sessionVerified,
  tokenRejected,
  verifyFailed,
  loggedOut,
  sessionEnded,
  secondStepCancelled,
  secondStepExpired,
} = authSlice.actions;
export const {
  selectAuthStatus,
  selectAuthNavigationKey,
  selectUser,
  selectSessionExpiresAt,
  selectHasToken,
  selectSecondStep,
} = authSlice.selectors;

// The session's traces outside the store: the stored token and the `user` cookie.

const COOKIE_SCOPE = {
  path: COOKIE_DEFAULTS.path,
  sameSite: COOKIE_DEFAULTS.sameSite,
  secure: COOKIE_DEFAULTS.secure,
};

export function writeUserCookie(
  effects: Effects,
  user: PublicUser,
  lifetimeSeconds: number,
  nowMs: number,
) {
  if (lifetimeSeconds <= 0) {
    effects.cookies.remove(USER_COOKIE, COOKIE_SCOPE);
    return;
  }
  effects.cookies.set(USER_COOKIE, JSON.stringify(user), {
    ...COOKIE_SCOPE,
    expires: new Date(nowMs + lifetimeSeconds * 1000),
  });
}

function storeToken(effects: Effects, token: string) {
  effects.storage.setItem(STORAGE_KEYS.token, token);
}

export function forgetSession(effects: Effects) {
  try {
    effects.storage.removeItem(STORAGE_KEYS.token);
  } finally {
    effects.cookies.remove(USER_COOKIE, COOKIE_SCOPE);
  }
}

// The listeners.

/** Requests whose INVALID_TOKEN has its own handling: the check of a navigation, and log-out. */
const OWN_OUTCOME = new Set(['verify', 'logout']);

/** The endpoint of an answer saying that the request's session no longer exists, or null. */
function endpointRefusingSession(action: UnknownAction): string | null {
  if (!action.type.startsWith(`${api.reducerPath}/`) || !action.type.endsWith('/rejected')) {
    return null;
  }
  const { meta, payload } = action as {
    meta?: { arg?: { endpointName?: unknown } };
    payload?: unknown;
  };
  const endpoint = meta?.arg?.endpointName;
  if (typeof endpoint !== 'string' || OWN_OUTCOME.has(endpoint)) return null;
  return decodeRequestError(payload).code === 'INVALID_TOKEN' ? endpoint : null;
}

export function addAuthListeners(startAppListening: AppStartListening) {
  // Every way in that signs the visitor in hands over a token to keep (where it leads is the
  // navigation's: store/navigationSlice.ts).
  startAppListening({
    matcher: signedIn,
    effect: ({ payload }, { extra }) => storeToken(extra, payload.token),
  });
  // What dates the cookie loads while the request runs, so the verify after it does not wait.
  startAppListening({
    matcher: wayInSent,
    effect: (_action, { extra }) => void extra.loadSessionTime().catch(() => {}),
  });

  // A confirmed email change: the `user` cookie carries the new address, same lifetime.
  startAppListening({
    matcher: api.endpoints.confirmEmailChange.matchFulfilled,
    effect: async ({ payload }, { extra, getState, pause }) => {
      const exp = selectSessionExpiresAt(getState());
      if (exp === null) return;
      // Loaded with the session's verify; not loaded (offline), the cookie keeps the old address
      // until the next verify writes it.
      const sessionTime = await pause(extra.loadSessionTime().catch(() => null));
      if (!sessionTime) return;
      const nowMs = extra.clock.now();
      const { lifetimeSeconds } = sessionTime.sessionLifetime(exp, nowMs);
      writeUserCookie(extra, payload.user, lifetimeSeconds, nowMs);
    },
  });

  // A deleted account: nothing of the session stays in this browser; to the login form.
  startAppListening({
    matcher: api.endpoints.deleteAccount.matchFulfilled,
    effect: (_action, { dispatch, extra, getState }) => {
      // Its passkeys sign in to nothing now: the device may stop offering them.
      const user = selectUser(getState());
      if (user) extra.passkeys.signalAccountGone(user.id);
      forgetSession(extra);
      dispatch(loggedOut());
    },
  });

  // A session ended elsewhere (or expired) ends here too, whichever request finds out first.
  startAppListening({
    predicate: (action, state) =>
      selectUser(state) !== null && endpointRefusingSession(action) !== null,
    effect: (action, { dispatch, extra }) => {
      forgetSession(extra);
      dispatch(sessionEnded({ endpoint: endpointRefusingSession(action) ?? '?' }));
    },
  });

  startAppListening({
    actionCreator: logoutRequested,
    effect: async (_action, { dispatch, extra, pause }) => {
      // The server revokes the session; whatever it answers, this browser forgets it.
      await pause(dispatch(api.endpoints.logout.initiate(undefined, UNTRACKED)));
      forgetSession(extra);
      dispatch(loggedOut());
    },
  });
}
