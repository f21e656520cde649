// The passkey ceremonies, as listeners: each asks the server for options, hands them to the
// browser (effects.passkeys, faked in tests, absent in replay), and sends the browser's answer
// back. The options and the answer pass from one call to the next inside the listener and never
// reach an action of their own; what the store learns is the outcome (passkeysSlice.ts).
import { isAnyOf, type ListenerEffectAPI, type UnknownAction } from '@reduxjs/toolkit';

import { api, decodeRequestError, UNTRACKED, type RequestError } from '../api/apiSlice';
import { selectAuthStatus, sessionVerified, tokenRejected, verifyFailed } from '../auth/authSlice';
import type { Effects } from '../effects';
import type { AppDispatch, AppStartListening } from '../listeners';
import { ROUTES } from '../navigation/routes';
import type { RootState } from '../rootReducer';
import { locationChanged, navigationRequested, selectPathname } from '../router/routerSlice';

import {
  passkeyAddRequested,
  passkeyCeremonyCompleted,
  passkeyCeremonyFailed,
  passkeyCeremonyStarted,
  passkeyLoginRequested,
  passkeySupportChecked,
  type Ceremony,
  type CeremonyFailure,
} from './passkeysSlice';

type ListenerApi = ListenerEffectAPI<RootState, AppDispatch, Effects>;

/** A browser error's name, when it is one (`NotAllowedError`); nothing else of it is kept. */
function errorName(error: unknown): string | undefined {
  const name = (error as { name?: unknown } | null)?.name;
  return typeof name === 'string' && /^[A-Za-z]{1,40}$/.test(name) ? name : undefined;
}

/** What a rejected ceremony means, from the browser's error name and the library's code. */
export function ceremonyFailureOf(error: unknown): CeremonyFailure {
  const name = errorName(error);
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === 'ERROR_CEREMONY_ABORTED' || name === 'AbortError') return 'stopped';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') {
    return 'alreadyRegistered';
  }
  if (name === 'NotAllowedError') return 'cancelled';
  if (name === 'ChunkLoadError') return 'notLoaded';
  if (name === 'NotSupportedError') return 'unsupported';
  if (typeof message === 'string' && /not supported/i.test(message)) return 'unsupported';
  return 'failed';
}

class CeremonyEnded extends Error {
  constructor(
    readonly failure: CeremonyFailure,
    readonly browserError?: string,
    readonly error?: RequestError,
  ) {
    super(failure);
  }
}

/** Sends a request of the ceremony; a refusal ends the ceremony with the server's error. */
async function send<T>(
  listenerApi: ListenerApi,
  request: { abort(): void } & PromiseLike<{ data?: T; error?: unknown }>,
): Promise<T> {
  listenerApi.signal.addEventListener('abort', () => request.abort());
  const result = await listenerApi.pause(Promise.resolve(request));
  if (result.data !== undefined) return result.data;
  throw new CeremonyEnded('refused', undefined, decodeRequestError(result.error));
}

/** The browser's part: its answer, or the end of the ceremony in words the store keeps. */
async function inBrowser(listenerApi: ListenerApi, run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await listenerApi.pause(run());
  } catch (error) {
    if (listenerApi.signal.aborted) throw error;
    throw new CeremonyEnded(ceremonyFailureOf(error), errorName(error));
  }
}

/** Runs a ceremony; its failure becomes `passkeys/ceremonyFailed` (a cancelled listener, nothing). */
async function ceremony(listenerApi: ListenerApi, which: Ceremony, run: () => Promise<void>) {
  try {
    await run();
  } catch (error) {
    if (!(error instanceof CeremonyEnded) || listenerApi.signal.aborted) throw error;
    listenerApi.dispatch(
      passkeyCeremonyFailed({
        ceremony: which,
        failure: error.failure,
        ...(error.browserError ? { browserError: error.browserError } : {}),
        ...(error.error ? { error: error.error } : {}),
      }),
    );
  }
}

/** A sign-in with a passkey, by the button or the email field's autofill. */
function signIn(listenerApi: ListenerApi, which: 'login' | 'autofill') {
  const { dispatch, extra } = listenerApi;
  return ceremony(listenerApi, which, async () => {
    const autofill = which === 'autofill';
    if (!extra.passkeys.supported()) throw new CeremonyEnded('unsupported');
    if (autofill && !(await listenerApi.pause(extra.passkeys.autofillSupported()))) return;
    const asked = dispatch(api.endpoints.passkeyLoginOptions.initiate(undefined, UNTRACKED));
    // The autofill's offer is no request of the visitor's: without options it is just not made.
    if (autofill && (await listenerApi.pause(asked)).data === undefined) return;
    const { options } = await send(listenerApi, asked);
    const answer = extra.passkeys.authenticate(options, autofill);
    dispatch(passkeyCeremonyStarted({ ceremony: which }));
    const response = await inBrowser(listenerApi, () => answer);
    dispatch(passkeyCeremonyCompleted({ ceremony: which }));
    await send(
      listenerApi,
      dispatch(
        api.endpoints.passkeyLogin.initiate(
          { response } as Parameters<typeof api.endpoints.passkeyLogin.initiate>[0],
          UNTRACKED,
        ),
      ),
    );
    // Signed in: home, as after a login with the password (the token is kept by the auth
    // listeners).
    dispatch(navigationRequested({ to: ROUTES.home }));
  });
}

/**
 * A ceremony after which the autofill offers passkeys again: the button's, unless the browser
 * cannot do it at all. Never the autofill's own end: a browser may end it at once (with no
 * passkey of this site, say), and offering again would ask the server again and again.
 */
function offersAgainAfter(action: UnknownAction): boolean {
  if (!passkeyCeremonyFailed.match(action)) return false;
  const { ceremony: which, failure } = action.payload;
  return which === 'login' && !['stopped', 'unsupported', 'notLoaded'].includes(failure);
}

const onLoginView = (state: RootState) =>
  selectPathname(state) === ROUTES.login && selectAuthStatus(state) === 'guest';

export function addPasskeyListeners(startAppListening: AppStartListening) {
  // Home: whether this browser can add passkeys, and the account's list.
  startAppListening({
    actionCreator: sessionVerified,
    effect: async (_action, listenerApi) => {
      if (selectPathname(listenerApi.getState()) !== ROUTES.home) return;
      listenerApi.cancelActiveListeners();
      const { dispatch, extra } = listenerApi;
      const supported = extra.passkeys.supported();
      dispatch(passkeySupportChecked({ supported }));
      if (supported) extra.passkeys.preload();
      const request = dispatch(api.endpoints.passkeys.initiate(undefined, UNTRACKED));
      listenerApi.signal.addEventListener('abort', () => request.abort());
      await listenerApi.pause(request);
    },
  });

  // The login view: whether this browser can sign in with a passkey, and the email field's
  // autofill offering them, until the view closes or the button is pressed. It offers them again
  // after a ceremony that did not sign in.
  startAppListening({
    predicate: (action, state) =>
      onLoginView(state) &&
      (isAnyOf(tokenRejected, verifyFailed)(action) || offersAgainAfter(action)),
    effect: async (action, listenerApi) => {
      listenerApi.cancelActiveListeners();
      const { dispatch, extra } = listenerApi;
      if (!passkeyCeremonyFailed.match(action)) {
        dispatch(passkeySupportChecked({ supported: extra.passkeys.supported() }));
      }
      if (!extra.passkeys.supported()) return;
      const offer = listenerApi.fork(async (forkApi) => {
        forkApi.signal.addEventListener('abort', () => extra.passkeys.cancel());
        await signIn({ ...listenerApi, signal: forkApi.signal, pause: forkApi.pause }, 'autofill');
      });
      // The view closes, or the visitor chose the button (or the password form's answer leaves).
      const leaving = listenerApi.condition(
        (next, state) => passkeyLoginRequested.match(next) || !onLoginView(state),
      );
      const first = await Promise.race([offer.result.then(() => 'done'), leaving]);
      if (first !== 'done') offer.cancel();
    },
  });

  // "Sign in with a passkey".
  startAppListening({
    actionCreator: passkeyLoginRequested,
    effect: async (_action, listenerApi) => {
      listenerApi.cancelActiveListeners();
      await signIn(listenerApi, 'login');
    },
  });

  // "Add a passkey", with its name.
  startAppListening({
    actionCreator: passkeyAddRequested,
    effect: async ({ payload }, listenerApi) => {
      listenerApi.cancelActiveListeners();
      const { dispatch, extra } = listenerApi;
      await ceremony(listenerApi, 'register', async () => {
        if (!extra.passkeys.supported()) throw new CeremonyEnded('unsupported');
        const { options } = await send(
          listenerApi,
          dispatch(api.endpoints.passkeyRegistrationOptions.initiate(undefined, UNTRACKED)),
        );
        const answer = extra.passkeys.register(options);
        dispatch(passkeyCeremonyStarted({ ceremony: 'register' }));
        const response = await inBrowser(listenerApi, () => answer);
        dispatch(passkeyCeremonyCompleted({ ceremony: 'register' }));
        await send(
          listenerApi,
          dispatch(
            api.endpoints.addPasskey.initiate(
              { response, name: payload.name } as Parameters<
                typeof api.endpoints.addPasskey.initiate
              >[0],
              UNTRACKED,
            ),
          ),
        );
      });
    },
  });

  // A ceremony whose dialog is open when the page changes ends with it.
  startAppListening({
    predicate: (action, _state, previous) =>
      locationChanged.match(action) &&
      (previous.passkeys.register.step === 'browser' || previous.passkeys.login.step === 'browser'),
    effect: (_action, { extra }) => extra.passkeys.cancel(),
  });
}
