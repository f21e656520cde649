import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';

import type { PublicUser } from '../../contract/api';
import { api } from '../api/apiSlice';

import type { VerifyFailureReason } from './classifyVerify';

/** `checking`: the verify call of the current navigation has not settled yet. */
export type AuthStatus = 'unknown' | 'checking' | 'signedIn' | 'guest';

export interface AuthState {
  status: AuthStatus;
  /** The navigation (location key) that `status` belongs to. */
  navigationKey: string | null;
  user: PublicUser | null;
  /** Session expiry, Unix seconds. */
  expiresAt: number | null;
  /** Whether a token is stored: the token itself never enters the store. */
  hasToken: boolean;
  lastFailure: VerifyFailureReason | null;
}

export const initialAuthState: AuthState = {
  status: 'unknown',
  navigationKey: null,
  user: null,
  expiresAt: null,
  hasToken: false,
  lastFailure: null,
};

interface ForNavigation {
  navigationKey: string;
}

/** The visitor pressed log out; a listener calls the server and cleans up. */
export const logoutRequested = createAction('auth/logoutRequested');

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    verifyStarted(state, action: PayloadAction<ForNavigation>) {
      state.status = 'checking';
      state.navigationKey = action.payload.navigationKey;
    },
    sessionVerified(
      state,
      action: PayloadAction<ForNavigation & { user: PublicUser; expiresAt: number }>,
    ) {
      if (action.payload.navigationKey !== state.navigationKey) return;
      state.status = 'signedIn';
      state.user = action.payload.user;
      state.expiresAt = action.payload.expiresAt;
      state.lastFailure = null;
    },
    tokenRejected(state, action: PayloadAction<ForNavigation & { code: string | null }>) {
      if (action.payload.navigationKey !== state.navigationKey) return;
      state.status = 'guest';
      state.user = null;
      state.expiresAt = null;
      state.hasToken = false;
      state.lastFailure = null;
    },
    verifyFailed(
      state,
      action: PayloadAction<ForNavigation & { reason: VerifyFailureReason; status?: number }>,
    ) {
      if (action.payload.navigationKey !== state.navigationKey) return;
      state.status = 'guest';
      state.user = null;
      state.expiresAt = null;
      state.lastFailure = action.payload.reason;
    },
    loggedOut(state) {
      state.user = null;
      state.expiresAt = null;
      state.hasToken = false;
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(api.endpoints.login.matchFulfilled, (state) => void (state.hasToken = true));
    builder.addMatcher(
      api.endpoints.verifyAccount.matchFulfilled,
      (state) => void (state.hasToken = true),
    );
  },
  selectors: {
    selectAuthStatus: (state) => state.status,
    selectAuthNavigationKey: (state) => state.navigationKey,
    selectUser: (state) => state.user,
    selectSessionExpiresAt: (state) => state.expiresAt,
    selectHasToken: (state) => state.hasToken,
  },
});

export const { verifyStarted, sessionVerified, tokenRejected, verifyFailed, loggedOut } =
  authSlice.actions;
export const {
  selectAuthStatus,
  selectAuthNavigationKey,
  selectUser,
  selectSessionExpiresAt,
  selectHasToken,
} = authSlice.selectors;
