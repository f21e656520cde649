// The passkey ceremonies through the real store, with the browser's WebAuthn faked (effects) and a
// stubbed server: what the store keeps, what the action log records (never the ceremony's data),
// where the visitor ends up, and that time travel runs no ceremony again.
import { ActionCreators, instrument, type EnhancedStore } from '@redux-devtools/instrument';
import type { UnknownAction } from '@reduxjs/toolkit';

import { decodeLog } from '../../../contract/action-log';
import { API_PATHS } from '../../../contract/endpoints';
import { describeActions } from '../../../src/replay/describe';
import type { RootState } from '../../../store/rootReducer';
import { navigationRequested } from '../../../store/router/routerSlice';
import { startStore } from '../../../store/startStore';
import type { AppStore } from '../../../store/store';
import { fakeEffects } from '../../../testing/app/fakeEffects';
import {
  guestAnswer,
  json,
  settle,
  signedInAnswer,
  stubFetch,
  until,
  USER,
  type FetchHandler,
} from '../../../testing/app/fetchStub';
import {
  passkeyAddRequested,
  passkeyEditOpened,
  passkeyListRetried,
  passkeyLoginRequested,
  selectPasskeyList,
} from '../passkeysSlice';

const NOW = Date.UTC(2026, 0, 15, 3, 0, 0);
const EXP = NOW / 1000 + 3600;

// What must never reach the action log: the options' challenges, user handle and credential ids,
// and everything of the browser's answers.
const REGISTRATION_CHALLENGE = 'cmVnaXN0cmF0aW9uLWNoYWxsZW5nZS0xMjM0NTY3ODk';
const LOGIN_CHALLENGE = 'bG9naW4tY2hhbGxlbmdlLTk4NzY1NDMyMTAxMjM0NTY';
const USER_HANDLE = 'dXNlci1oYW5kbGUtb2YtdGhlLWFjY291bnQ';
const KNOWN_CREDENTIAL = 'a25vd24tY3JlZGVudGlhbC1pZC0wMDE';
const NEW_CREDENTIAL = 'bmV3LWNyZWRlbnRpYWwtaWQtZnJvbS10aGUtYnJvd3Nlcg';
const ATTESTATION = 'YXR0ZXN0YXRpb24tb2JqZWN0LWJ5dGVz';
const SIGNATURE = 'c2lnbmF0dXJlLWJ5dGVzLW9mLXRoZS1hc3NlcnRpb24';
const CLIENT_DATA = 'Y2xpZW50LWRhdGEtanNvbi1ieXRlcw';
const SECRETS = [
  REGISTRATION_CHALLENGE,
  LOGIN_CHALLENGE,
  USER_HANDLE,
  KNOWN_CREDENTIAL,
  NEW_CREDENTIAL,
  ATTESTATION,
  SIGNATURE,
  CLIENT_DATA,
];

const CREATION_OPTIONS = {
  rp: { id: 'localhost', name: 'Accounts' },
  user: { id: USER_HANDLE, name: USER.email, displayName: USER.name },
  challenge: REGISTRATION_CHALLENGE,
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
  excludeCredentials: [{ id: KNOWN_CREDENTIAL, type: 'public-key' }],
};
const REQUEST_OPTIONS = { challenge: LOGIN_CHALLENGE, rpId: 'localhost' };

const REGISTRATION = {
  id: NEW_CREDENTIAL,
  rawId: NEW_CREDENTIAL,
  response: { clientDataJSON: CLIENT_DATA, attestationObject: ATTESTATION, transports: [] },
  clientExtensionResults: {},
  type: 'public-key',
};
const ASSERTION = {
  id: KNOWN_CREDENTIAL,
  rawId: KNOWN_CREDENTIAL,
  response: {
    clientDataJSON: CLIENT_DATA,
    authenticatorData: ATTESTATION,
    signature: SIGNATURE,
    userHandle: USER_HANDLE,
  },
  clientExtensionResults: {},
  type: 'public-key',
};

const LAPTOP = {
  id: 'pk-laptop',
  name: 'Chrome on Linux',
  createdAt: '2026-01-10T02:00:00.000Z',
  lastUsedAt: null,
};
const PHONE = {
  id: 'pk-phone',
  name: 'Safari on iOS',
  createdAt: '2026-01-12T02:00:00.000Z',
  lastUsedAt: '2026-01-14T02:00:00.000Z',
};

interface Script {
  /** The answer to POST /passkey-login; a session by default. */
  passkeyLogin?: () => Response;
  /** The answer to GET /passkeys; the laptop's passkey by default. */
  list?: () => Promise<Response>;
}

/** The account server as the contract says, for the passkey endpoints and the verify call. */
function server(script: Script = {}): FetchHandler {
  return (request) => {
    const path = new URL(request.url).pathname;
    const route = `${request.method} ${path}`;
    if (path === API_PATHS.verify) {
      return request.headers.has('authorization') ? signedInAnswer(EXP) : guestAnswer();
    }
    if (route === `GET ${API_PATHS.passkeys}`) {
      return script.list?.() ?? json(200, { error: false, passkeys: [LAPTOP] });
    }
    if (path === API_PATHS.passkeyRegistrationOptions) {
      return json(200, { error: false, options: CREATION_OPTIONS });
    }
    if (route === `POST ${API_PATHS.addPasskey}`) {
      return json(201, { error: false, passkey: PHONE });
    }
    if (path === API_PATHS.passkeyLoginOptions) {
      return json(200, { error: false, options: REQUEST_OPTIONS });
    }
    if (path === API_PATHS.passkeyLogin) {
      return (
        script.passkeyLogin?.() ??
        json(200, {
          error: false,
          token: 'passkey-session-token',
          user: USER,
          signature: { exp: EXP },
        })
      );
    }
    if (route === 'PATCH /v1/api/user/passkeys/pk-laptop') {
      return json(200, { error: false, passkey: { ...LAPTOP, name: 'Work laptop' } });
    }
    if (route === 'DELETE /v1/api/user/passkeys/pk-laptop') return json(200, { error: false });
    if (path === API_PATHS.oidcProviders) return json(200, { error: false, providers: [] });
    if (path === API_PATHS.oidcConnections) {
      return json(200, { error: false, connections: [], hasPassword: true });
    }
    return json(200, { error: false, sessions: [] });
  };
}

/** The bodies POSTed to `path`, in order. */
const bodiesSent = (requests: Request[], path: string) =>
  Promise.all(
    requests
      .filter((request) => request.method === 'POST' && new URL(request.url).pathname === path)
      .map((request) => request.clone().json() as Promise<Record<string, unknown>>),
  );

function start(options: { token?: boolean; path: string; script?: Script; webAuthn?: boolean }) {
  const requests = stubFetch(server(options.script));
  const effects = fakeEffects({
    storage: options.token ? { token: 'secret-token' } : {},
    path: options.path,
    now: NOW,
    webAuthn: options.webAuthn ?? true,
  });
  const store = startStore(effects);
  return { store, effects, requests };
}

/** Every action the log would export, as text. */
const exported = (store: AppStore) => store.actionLog.export();

afterEach(() => jest.restoreAllMocks());

describe('on home', () => {
  it('lists the passkeys and adds one through the browser, keeping none of its data', async () => {
    const { store, effects, requests } = start({ token: true, path: '/' });
    await settle(store);
    expect(store.getState().passkeys.supported).toBe(true);
    expect(selectPasskeyList(store.getState()).items.map((passkey) => passkey.id)).toEqual([
      'pk-laptop',
    ]);

    store.dispatch(passkeyAddRequested({ name: 'My phone' }));
    await until(store, () => effects.passkeys.current() !== undefined, 'the browser dialog');
    expect(effects.passkeys.current()?.kind).toBe('register');
    // The browser is given the options exactly as the server sent them.
    expect(effects.passkeys.current()?.options).toEqual(CREATION_OPTIONS);
    expect(store.getState().passkeys.register.step).toBe('browser');
    effects.passkeys.current()?.answer(REGISTRATION);
    await settle(store);

    expect(await bodiesSent(requests, API_PATHS.addPasskey)).toEqual([
      { response: REGISTRATION, name: 'My phone' },
    ]);
    const { passkeys } = store.getState();
    expect(selectPasskeyList(store.getState()).items.map((passkey) => passkey.id)).toEqual([
      'pk-phone',
      'pk-laptop',
    ]);
    expect(passkeys.register.step).toBe('done');
    expect(passkeys.done).toBe('added');

    const log = exported(store);
    for (const secret of SECRETS) expect(log).not.toContain(secret);
    expect(JSON.stringify(store.getState())).not.toMatch(new RegExp(SECRETS.join('|')));
    // The log still tells the story in words.
    const { actions, timestamps } = decodeLog(log);
    const words = describeActions(actions as UnknownAction[], timestamps).map((step) => step.text);
    expect(words).toEqual(
      expect.arrayContaining([
        'passkeys can be used in this browser',
        '"Add a passkey" pressed',
        'passkeyRegistrationOptions sent',
        'the browser asks for a passkey (adding)',
        'the browser answered with a passkey (adding)',
        'addPasskey sent',
      ]),
    );
    expect(words.some((text) => /^addPasskey OK/.test(text))).toBe(true);
  });

  it('says so when the visitor closes the dialog, and tries again on the next press', async () => {
    const { store, effects, requests } = start({ token: true, path: '/' });
    await settle(store);
    store.dispatch(passkeyAddRequested({ name: 'My phone' }));
    await until(store, () => effects.passkeys.current() !== undefined, 'the browser dialog');
    effects.passkeys.current()?.fail('NotAllowedError');
    await settle(store);
    expect(store.getState().passkeys.register).toEqual({
      step: 'failed',
      failure: 'cancelled',
      error: null,
    });
    expect(await bodiesSent(requests, API_PATHS.addPasskey)).toEqual([]);
    const words = describeActions(
      decodeLog(exported(store)).actions as UnknownAction[],
      decodeLog(exported(store)).timestamps,
    );
    expect(words.at(-1)).toMatchObject({
      text: 'passkey adding ended without one: the dialog was closed or timed out, NotAllowedError',
      failed: true,
    });

    store.dispatch(passkeyAddRequested({ name: 'My phone' }));
    await until(store, () => effects.passkeys.current() !== undefined, 'a second dialog');
    expect(effects.passkeys.ceremonies).toHaveLength(2);
    effects.passkeys
      .current()
      ?.fail('InvalidStateError', 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED');
    await settle(store);
    expect(store.getState().passkeys.register.failure).toBe('alreadyRegistered');
  });

  it('does not start a ceremony in a browser without WebAuthn', async () => {
    const { store, effects, requests } = start({ token: true, path: '/', webAuthn: false });
    await settle(store);
    expect(store.getState().passkeys.supported).toBe(false);
    // The list is the server's: it shows (and can be changed) from any browser.
    expect(selectPasskeyList(store.getState()).status).toBe('loaded');
    store.dispatch(passkeyAddRequested({ name: 'Old browser' }));
    await settle(store);
    expect(store.getState().passkeys.register.failure).toBe('unsupported');
    expect(effects.passkeys.ceremonies).toEqual([]);
    expect(await bodiesSent(requests, API_PATHS.passkeyRegistrationOptions)).toEqual([]);
  });

  it('renames and removes a passkey, the password redacted from the log', async () => {
    const { api, UNTRACKED } = await import('../../../store/apiSlice');
    const { store, requests } = start({ token: true, path: '/' });
    await settle(store);
    store.dispatch(passkeyEditOpened({ id: 'pk-laptop', action: 'rename' }));
    await store.dispatch(
      api.endpoints.renamePasskey.initiate({ id: 'pk-laptop', name: 'Work laptop' }, UNTRACKED),
    );
    expect(selectPasskeyList(store.getState()).items[0]?.name).toBe('Work laptop');
    expect(store.getState().passkeys.editing).toBeNull();
    expect(store.getState().passkeys.done).toBe('renamed');
    const [rename] = requests.filter((request) => request.method === 'PATCH');
    expect(new URL(rename!.url).pathname).toBe('/v1/api/user/passkeys/pk-laptop');
    expect(await rename!.clone().json()).toMatchObject({ name: 'Work laptop' });

    await store.dispatch(
      api.endpoints.removePasskey.initiate(
        { id: 'pk-laptop', password: 'my-secret-words' },
        UNTRACKED,
      ),
    );
    expect(selectPasskeyList(store.getState()).items).toEqual([]);
    expect(store.getState().passkeys.done).toBe('removed');
    expect(exported(store)).not.toContain('my-secret-words');
  });

  it('keeps what a change answered over a list asked before it and answered after it', async () => {
    const { api, UNTRACKED } = await import('../../../store/apiSlice');
    let reads = 0;
    let answerLateRead: () => void = () => {};
    const lateRead = new Promise<void>((resolve) => (answerLateRead = resolve));
    const list = async () => {
      reads += 1;
      if (reads === 2) await lateRead;
      return json(200, { error: false, passkeys: [LAPTOP] });
    };
    const { store } = start({ token: true, path: '/', script: { list } });
    await settle(store);
    store.dispatch(passkeyListRetried());
    await until(store, () => reads === 2, 'the second question');
    await store.dispatch(
      api.endpoints.renamePasskey.initiate({ id: 'pk-laptop', name: 'Work laptop' }, UNTRACKED),
    );
    expect(selectPasskeyList(store.getState()).items[0]?.name).toBe('Work laptop');

    answerLateRead();
    await until(store, () => selectPasskeyList(store.getState()).status === 'loaded', 'answer');
    await settle(store);
    expect(selectPasskeyList(store.getState()).items.map((passkey) => passkey.name)).toEqual([
      'Work laptop',
    ]);
    // The change's answer said the passkey as it is now: nothing was asked again.
    expect(reads).toBe(2);
    const words = describeActions(
      decodeLog(exported(store)).actions as UnknownAction[],
      decodeLog(exported(store)).timestamps,
    ).map((step) => step.text);
    expect(words).toContain("passkeys changed as the change's answer says, not asked again");
  });
});

describe('on /login', () => {
  it('offers passkeys in the email autofill, and signs in like a login', async () => {
    const { store, effects, requests } = start({ path: '/login' });
    await until(store, () => effects.passkeys.current() !== undefined, 'the autofill offer');
    const offer = effects.passkeys.current();
    expect(offer).toMatchObject({ kind: 'authenticate', autofill: true, options: REQUEST_OPTIONS });
    expect(store.getState().passkeys.autofill).toBe('waiting');
    offer?.answer(ASSERTION);
    await settle(store);

    expect(await bodiesSent(requests, API_PATHS.passkeyLogin)).toEqual([{ response: ASSERTION }]);
    expect(effects.data.get('token')).toBe('passkey-session-token');
    expect(store.getState().router.location?.pathname).toBe('/');
    expect(store.getState().auth.status).toBe('signedIn');
    // The next verify wrote the user cookie, as after a login with the password.
    expect(effects.cookieWrites.at(-1)).toMatchObject({ op: 'set', name: 'user' });
    const log = exported(store);
    for (const secret of SECRETS) expect(log).not.toContain(secret);
    expect(log).not.toContain('passkey-session-token');
  });

  it('stops the autofill for the button, and says in words a passkey it does not know', async () => {
    const refused = () =>
      json(401, {
        error: true,
        code: 'INVALID_CREDENTIAL',
        message: "The passkey is not one of this account's, or its check failed.",
      });
    const { store, effects, requests } = start({
      path: '/login',
      script: { passkeyLogin: refused },
    });
    await until(store, () => effects.passkeys.current()?.autofill === true, 'the autofill offer');
    const offer = effects.passkeys.current()!;

    store.dispatch(passkeyLoginRequested());
    await until(store, () => effects.passkeys.current()?.autofill === false, 'the dialog');
    expect(offer.settled).toBe(true);
    expect(effects.passkeys.cancels).toBe(1);
    expect(store.getState().passkeys.login.step).toBe('browser');
    effects.passkeys.current()?.answer(ASSERTION);
    await settle(store);

    expect(store.getState().passkeys.login).toMatchObject({
      step: 'failed',
      failure: 'refused',
      error: { code: 'INVALID_CREDENTIAL' },
      via: 'login',
    });
    expect(effects.data.has('token')).toBe(false);
    expect(store.getState().router.location?.pathname).toBe('/login');
    expect(await bodiesSent(requests, API_PATHS.passkeyLogin)).toHaveLength(1);
    // The password form is still there, and so is the autofill's offer.
    expect(effects.passkeys.current()?.autofill).toBe(true);
    const steps = describeActions(
      decodeLog(exported(store)).actions as UnknownAction[],
      decodeLog(exported(store)).timestamps,
    );
    expect(steps.map((step) => step.text)).toContainEqual(
      expect.stringMatching(/^passkeyLogin FAILED 401 INVALID_CREDENTIAL/),
    );
  });

  it('does not offer passkeys again when the browser ends the autofill at once', async () => {
    const { store, effects, requests } = start({ path: '/login' });
    await until(store, () => effects.passkeys.current() !== undefined, 'the autofill offer');
    // A browser with no passkey of this site may end the offer at once.
    effects.passkeys.current()?.fail('NotAllowedError');
    await settle(store);
    expect(effects.passkeys.ceremonies).toHaveLength(1);
    const asked = requests.filter(
      (request) => new URL(request.url).pathname === API_PATHS.passkeyLoginOptions,
    );
    expect(asked).toHaveLength(1);
    // Nothing is said: the visitor asked for nothing, and the log marks no failure.
    expect(store.getState().passkeys.login.step).toBe('idle');
    expect(store.getState().passkeys.autofill).toBe('off');
    const { actions, timestamps } = decodeLog(exported(store));
    const steps = describeActions(actions as UnknownAction[], timestamps);
    expect(steps.filter((step) => step.failed)).toEqual([]);
  });

  it('ends the autofill offer when the view closes', async () => {
    const { store, effects } = start({ path: '/login' });
    await until(store, () => effects.passkeys.current() !== undefined, 'the autofill offer');
    const offer = effects.passkeys.current()!;
    store.dispatch(navigationRequested({ to: '/signup' }));
    await settle(store);
    expect(offer.settled).toBe(true);
    expect(effects.passkeys.cancels).toBeGreaterThanOrEqual(1);
    expect(store.getState().passkeys.autofill).toBe('off');
    expect(effects.passkeys.current()).toBeUndefined();
  });
});

type DevToolsStore = AppStore & EnhancedStore<RootState, UnknownAction, null>;

it('runs no ceremony and sends nothing when DevTools travels through a recorded one', async () => {
  const requests = stubFetch(server());
  const effects = fakeEffects({ storage: { token: 'secret-token' }, path: '/', webAuthn: true });
  const store = startStore(effects, {
    enhancers: [instrument(undefined, { maxAge: 500 })],
  }) as DevToolsStore;
  await settle(store);
  store.dispatch(passkeyAddRequested({ name: 'My phone' }));
  await until(store, () => effects.passkeys.current() !== undefined, 'the browser dialog');
  effects.passkeys.current()?.answer(REGISTRATION);
  await settle(store);
  expect(store.getState().passkeys.done).toBe('added');

  const ceremonies = effects.passkeys.ceremonies.length;
  const cancels = effects.passkeys.cancels;
  const fetches = requests.length;
  const { computedStates } = store.liftedStore.getState();
  for (let index = 0; index < computedStates.length; index += 1) {
    store.liftedStore.dispatch(ActionCreators.jumpToState(index));
  }
  await settle(store);
  expect(effects.passkeys.ceremonies).toHaveLength(ceremonies);
  expect(effects.passkeys.cancels).toBe(cancels);
  expect(requests).toHaveLength(fetches);
});
