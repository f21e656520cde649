// Signing in with an OpenID Connect provider, and connecting one from home (CONTRACT section 2c):
// the configured providers, a flow this tab is starting, how its return ended, and a disconnection. Plain data:
// no authorization address, handoff code or token ever enters the state; the listeners
// (./providerListeners.ts) hold them only while they use them. Which providers are connected, and
// whether the account has a password, is the server's answer in the API's cache (`selectConnections`,
// `selectHasPassword`), which a disconnection's answer updates.
import { createAction, createSelector, createSlice, isAnyOf } from '@reduxjs/toolkit';

import { api, callFailure, type RequestError } from '../../store/apiSlice';
import { loggedOut, sessionEnded } from '../../store/authSlice';
import { signedIn } from '../../store/wayIn';

export type ProviderIntent = 'login' | 'connect' | 'confirm';

export interface Provider {
  id: string;
  name: string;
}

/**
 * How a provider's return ended, when it did not sign the visitor in:
 * `accountExists`: the email has an account here, which must log in and then connect;
 * `emailNotVerified`: the provider does not vouch for the email;
 * `cancelled`: the visitor (or the provider) refused at the provider;
 * `expired`: the return's code was out of time or already used (a reload, Back, another tab);
 * `unchecked`: the flow could not be checked (started in another browser, out of time, a token
 * that failed its checks);
 * `identityTaken`: (connecting) the provider's account is another account's here;
 * `sessionEnded`: (connecting) the session ended meanwhile;
 * `failed`: anything else (the network, the server), with its error.
 */
export type ReturnFailure =
  | 'accountExists'
  | 'emailNotVerified'
  | 'cancelled'
  | 'expired'
  | 'unchecked'
  | 'identityTaken'
  | 'sessionEnded'
  | 'failed';

/** `name`: the provider's name on the button the visitor pressed, when this tab kept it. */
export type ProviderReturn = { provider: string | null; name?: string } & (
  | { step: 'completing'; intent: ProviderIntent }
  | { step: 'connected' }
  | { step: 'failed'; intent: ProviderIntent; failure: ReturnFailure; error?: RequestError }
);

export interface ProvidersState {
  /** `idle`: not asked yet; the list stays while it is asked again. */
  list: 'idle' | 'loading' | 'loaded' | 'failed';
  providers: Provider[];
  /** A flow being started: `starting` until the provider's address is known, then `leaving`. */
  start: {
    provider: string;
    intent: ProviderIntent;
    step: 'starting' | 'leaving' | 'failed';
    error?: RequestError;
  } | null;
  /** The end of a flow that came back to this tab. */
  return: ProviderReturn | null;
  /** A disconnection: asked to confirm, being sent, refused, or done. */
  disconnect: {
    provider: string;
    step: 'confirming' | 'sending' | 'failed' | 'done';
    error?: RequestError;
  } | null;
}

const initialState: ProvidersState = {
  list: 'idle',
  providers: [],
  start: null,
  return: null,
  disconnect: null,
};

/** The visitor pressed "Continue with …" (or "Connect" on home). */
export const providerStartRequested = createAction<{ provider: string; intent: ProviderIntent }>(
  'providers/startRequested',
);
/** The page showed again after leaving for the provider (Back, from the back-forward cache). */
export const providerPageShownAgain = createAction('providers/pageShownAgain');
/**
 * A provider's flow came back to this tab (its code already out of the address and never in an
 * action): with a code to finish it, or refused at the provider.
 */
export const providerReturned = createAction<{
  provider: string | null;
  /** Its name on the button pressed, when this tab kept it. */
  name?: string;
  intent: ProviderIntent;
  outcome: 'handoff' | 'connected' | 'confirmed' | 'refused';
  /** The callback's refusal (`provider-error`), when refused. */
  code?: string;
}>('providers/returned');
/** The list could not be loaded: "Try again". */
export const providerListRetried = createAction('providers/listRetried');
export const providerDisconnectAsked = createAction<{ provider: string }>(
  'providers/disconnectAsked',
);
/** "Disconnect" pressed again, in its confirmation: the listener sends it. */
export const providerDisconnectConfirmed = createAction<{ provider: string }>(
  'providers/disconnectConfirmed',
);
export const providerDisconnectCancelled = createAction('providers/disconnectCancelled');

/** What a refusal of the return (the complete call's, or the callback's `provider-error`) means. */
const FAILURE_OF: Partial<Record<string, ReturnFailure>> = {
  ACCOUNT_EXISTS: 'accountExists',
  EMAIL_NOT_VERIFIED: 'emailNotVerified',
  INVALID_HANDOFF: 'expired',
  NOT_FOUND: 'expired',
  PROVIDER_CANCELLED: 'cancelled',
  access_denied: 'cancelled',
  PROVIDER_FAILED: 'unchecked',
  IDENTITY_TAKEN: 'identityTaken',
  INVALID_TOKEN: 'sessionEnded',
};

function failureOf(code: string): ReturnFailure | undefined {
  return Object.hasOwn(FAILURE_OF, code) ? FAILURE_OF[code] : undefined;
}

export const providersSlice = createSlice({
  name: 'providers',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(providerStartRequested, (state, { payload }) => {
        state.start = { ...payload, step: 'starting' };
        state.return = null;
        state.disconnect = null;
      })
      .addCase(providerPageShownAgain, (state) => {
        state.start = null;
      })
      .addCase(providerReturned, (state, { payload }) => {
        const { provider, name, intent, outcome, code } = payload;
        const named = { provider, ...(name === undefined ? {} : { name }) };
        state.start = null;
        if (outcome === 'handoff') state.return = { step: 'completing', ...named, intent };
        else if (outcome === 'connected') state.return = { step: 'connected', ...named };
        else if (outcome === 'confirmed') state.return = null;
        else {
          const failure = (code !== undefined && failureOf(code)) || 'failed';
          state.return = { step: 'failed', ...named, intent, failure };
        }
      })
      .addCase(providerListRetried, (state) => {
        state.list = 'loading';
      })
      .addCase(providerDisconnectAsked, (state, { payload }) => {
        state.disconnect = { provider: payload.provider, step: 'confirming' };
        state.return = null;
      })
      .addCase(providerDisconnectCancelled, (state) => {
        state.disconnect = null;
      })
      // Signed in another way (the password after ACCOUNT_EXISTS, say): the return has been acted on.
      .addMatcher(signedIn, (state) => {
        if (state.return?.step === 'failed') state.return = null;
      })
      .addMatcher(isAnyOf(loggedOut, sessionEnded), (state) => {
        state.return = null;
        state.disconnect = null;
      })
      .addMatcher(api.endpoints.oidcProviders.matchPending, (state) => {
        if (state.list !== 'loaded') state.list = 'loading';
      })
      .addMatcher(api.endpoints.oidcProviders.matchFulfilled, (state, { payload }) => {
        state.list = 'loaded';
        state.providers = payload.providers.map(({ id, name }) => ({ id, name }));
      })
      .addMatcher(api.endpoints.oidcProviders.matchRejected, (state, action) => {
        const error = callFailure(action);
        // A server with no provider configured answers 404: none, which is no failure.
        if (error?.code === 'NOT_FOUND') {
          state.list = 'loaded';
          state.providers = [];
        } else if (error && state.list !== 'loaded') state.list = 'failed';
      })
      .addMatcher(api.endpoints.oidcStart.matchFulfilled, (state) => {
        if (state.start) state.start.step = 'leaving';
      })
      .addMatcher(api.endpoints.oidcStart.matchRejected, (state, action) => {
        const error = callFailure(action);
        if (!state.start) return;
        // Refused for want of a confirmation (connect): the gate comes back, not an error.
        if (!error || error.code === 'CONFIRMATION_REQUIRED') state.start = null;
        else state.start = { ...state.start, step: 'failed', error };
      })
      .addMatcher(api.endpoints.oidcComplete.matchFulfilled, (state) => {
        state.return = null;
      })
      .addMatcher(api.endpoints.oidcComplete.matchRejected, (state, action) => {
        const error = callFailure(action);
        const current = state.return;
        if (!error || current?.step !== 'completing') return;
        state.return = {
          step: 'failed',
          provider: current.provider,
          ...(current.name === undefined ? {} : { name: current.name }),
          intent: current.intent,
          failure: failureOf(error.code) ?? 'failed',
          error,
        };
      })
      .addMatcher(api.endpoints.oidcDisconnect.matchPending, (state, { meta }) => {
        state.disconnect = { provider: meta.arg.originalArgs.id, step: 'sending' };
      })
      .addMatcher(api.endpoints.oidcDisconnect.matchFulfilled, (state, { meta }) => {
        const id = meta.arg.originalArgs.id;
        state.disconnect = { provider: id, step: 'done' };
      })
      .addMatcher(api.endpoints.oidcDisconnect.matchRejected, (state, action) => {
        const error = callFailure(action);
        const provider = action.meta.arg.originalArgs.id;
        // Refused for want of a confirmation: the gate comes back (store/confirmation), not an error.
        if (!error || error.code === 'CONFIRMATION_REQUIRED') state.disconnect = null;
        else state.disconnect = { provider, step: 'failed', error };
      });
  },
  selectors: {
    selectProvidersAsked: (state) => state.list,
    selectProviders: (state) => state.providers,
    selectProviderStart: (state) => state.start,
    selectProviderReturn: (state) => state.return,
    selectProviderDisconnect: (state) => state.disconnect,
  },
});

const { selectProvidersAsked } = providersSlice.selectors;
export const {
  selectProviders,
  selectProviderStart,
  selectProviderReturn,
  selectProviderDisconnect,
} = providersSlice.selectors;

const selectConnectionsRead = api.endpoints.oidcConnections.select(undefined);

/**
 * `idle`: not asked yet; the list stays while it is asked again. Home's list failed too when the
 * account's connections could not be known.
 */
export const selectProviderList = createSelector(
  [selectProvidersAsked, selectConnectionsRead],
  (list, read): ProvidersState['list'] =>
    read.isError && read.data === undefined ? 'failed' : list,
);

/** Home: the providers connected to the account (null: not known), as the server said. */
export const selectConnections = createSelector(
  [(state) => selectConnectionsRead(state).data],
  (answer): Provider[] | null =>
    // One no longer configured still shows, to be disconnected.
    answer ? answer.connections.map(({ id, name }) => ({ id, name })) : null,
);

/** Home: whether the account has a password (null: not known), as the server said. */
export const selectHasPassword = createSelector(
  [(state) => selectConnectionsRead(state).data],
  (answer) => answer?.hasPassword ?? null,
);
