import { createAction, createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';

import type { PublicUser } from '../../contract/api';
import { api } from '../api/apiSlice';

import type { VerifyFailureReason } from './classifyVerify';

interface AuthCommon {
  /** The navigation (location key) that `status` belongs to. */
  navigationKey: string | null;
  /** Whether a token is stored: the token itself never enters the store. */
  hasToken: boolean;
  lastFailure: VerifyFailureReason | null;
}

/** Session expiry in Unix seconds beside its user: both present or both absent. */
type KnownSession = { user: PublicUser; expiresAt: number };
type NoSession = { user: null; expiresAt: null };

/**
 * `checking`: the verify call of the current navigation has not settled yet.
 * A signed-in state always has its user. While checking, the last known session stays (the
 * kept view may be the home view); a guest has none.
 */
export type AuthState = AuthCommon &
  (
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

const common = ({ navigationKey, hasToken, lastFailure }: AuthState): AuthCommon => ({
  navigationKey,
  hasToken,
  lastFailure,
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
      return { ...common(state), status: 'signedIn', user, expiresAt, lastFailure: null };
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
  },
  extraReducers: (builder) => {
    builder.addMatcher(
      isAnyOf(
        api.endpoints.login.matchFulfilled,
        api.endpoints.verifyAccount.matchFulfilled,
        api.endpoints.resetPassword.matchFulfilled,
      ),
      (state) => void (state.hasToken = true),
    );
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
  },
});

export const {
  verifyStarted,
  sessionVerified,
  tokenRejected,
  verifyFailed,
  loggedOut,
  sessionEnded,
} = authSlice.actions;
export const {
  selectAuthStatus,
  selectAuthNavigationKey,
  selectUser,
  selectSessionExpiresAt,
  selectHasToken,
} = authSlice.selectors;
