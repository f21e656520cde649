// The passkey ceremonies themselves, a chunk of their own (loaded by passkeyListeners.ts when a
// view that offers passkeys opens): each asks the server for options, hands them to the browser
// (effects.passkeys, faked in tests), and sends the browser's answer back. The options and the
// answer pass from one call to the next here and never reach an action of their own; what the
// store learns is the outcome (passkeysSlice.ts).
import type { ListenerEffectAPI } from '@reduxjs/toolkit';

import { api, decodeRequestError, UNTRACKED, type RequestError } from '../../store/apiSlice';
import type { Effects } from '../../store/effects';
import type { AppDispatch } from '../../store/listeners';
import type { RootState } from '../../store/rootReducer';

import {
  passkeyCeremonyCompleted,
  passkeyCeremonyFailed,
  passkeyCeremonyStarted,
  type Ceremony,
  type CeremonyFailure,
} from './passkeysSlice';

export type ListenerApi = ListenerEffectAPI<RootState, AppDispatch, Effects>;

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
export function signIn(listenerApi: ListenerApi, which: 'login' | 'autofill') {
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
    try {
      await send(
        listenerApi,
        dispatch(
          api.endpoints.passkeyLogin.initiate(
            { response } as Parameters<typeof api.endpoints.passkeyLogin.initiate>[0],
            UNTRACKED,
          ),
        ),
      );
    } catch (error) {
      // A passkey of no account here (removed, or its account deleted): the device may forget it.
      if (error instanceof CeremonyEnded && error.error?.code === 'UNKNOWN_CREDENTIAL') {
        extra.passkeys.signalUnknownCredential(response);
      }
      throw error;
    }
    // Signed in: the auth listeners keep the token and go home, as for every way in.
  });
}

/** Confirming it is you with one of the account's passkeys: options, a signature, the check. */
export function confirmIdentity(listenerApi: ListenerApi) {
  const { dispatch, extra } = listenerApi;
  return ceremony(listenerApi, 'confirm', async () => {
    if (!extra.passkeys.supported()) throw new CeremonyEnded('unsupported');
    const { options } = await send(
      listenerApi,
      dispatch(api.endpoints.confirmOptions.initiate(undefined, UNTRACKED)),
    );
    const answer = extra.passkeys.authenticate(options, false);
    dispatch(passkeyCeremonyStarted({ ceremony: 'confirm' }));
    const passkeyResponse = await inBrowser(listenerApi, () => answer);
    dispatch(passkeyCeremonyCompleted({ ceremony: 'confirm' }));
    await send(
      listenerApi,
      dispatch(
        api.endpoints.confirm.initiate(
          { passkeyResponse } as Parameters<typeof api.endpoints.confirm.initiate>[0],
          UNTRACKED,
        ),
      ),
    );
  });
}

/** A new passkey named `name`: options, the browser's answer, and the server's check. */
export function register(listenerApi: ListenerApi, name: string) {
  const { dispatch, extra } = listenerApi;
  return ceremony(listenerApi, 'register', async () => {
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
          { response, name } as Parameters<typeof api.endpoints.addPasskey.initiate>[0],
          UNTRACKED,
        ),
      ),
    );
  });
}
