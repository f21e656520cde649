// Signing in with a provider through the real store, with a stubbed server and in-memory effects:
// leaving for the provider, the return finished with the server and routed from its answer, what
// the action log records (never the address, the handoff code or a token), and that time travel
// leaves nothing and sends nothing again.
import { ActionCreators, instrument, type EnhancedStore } from '@redux-devtools/instrument';
import type { UnknownAction } from '@reduxjs/toolkit';

import { API_PATHS } from '../../../contract/endpoints';
import { redactedJson } from '../../../contract/redact';
import { api, UNTRACKED } from '../../../store/apiSlice';
import { TAB_STORAGE_KEYS } from '../../../store/constants';
import type { RootState } from '../../../store/rootReducer';
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
  providerDisconnectAsked,
  providerDisconnectConfirmed,
  providerListRetried,
  providerStartRequested,
  selectConnections,
  selectHasPassword,
  selectProviderList,
} from '../providersSlice';

const NOW = Date.UTC(2026, 0, 15, 3, 0, 0);
const EXP = NOW / 1000 + 3600;

const HANDOFF = 'hNdOfF-single-use-code-7Qx2';
const STATE = 'c3RhdGUtb2YtdGhlLWZsb3ctOTk';
const NONCE = 'bm9uY2Utb2YtdGhlLWZsb3ctMTI';
const AUTHORIZATION_URL = `https://id.example/authorize?client_id=accounts&state=${STATE}&nonce=${NONCE}&code_challenge=Y2hhbGxlbmdl`;
const SESSION_TOKEN = 'provider-session-token-5f1a';
const TICKET = 'second-step-ticket-0b9e';

const WORK = { id: 'work', name: 'Work ID' };

interface Script {
  providers?: () => Response;
  complete?: () => Response;
  disconnect?: () => Response;
  connections?: () => Response;
}

const refusal = (status: number, code: string) =>
  json(status, { error: true, code, message: code });

function server(script: Script = {}): FetchHandler {
  return (request) => {
    const path = new URL(request.url).pathname;
    const route = `${request.method} ${path}`;
    if (path === API_PATHS.verify) {
      return request.headers.has('authorization') ? signedInAnswer(EXP) : guestAnswer();
    }
    if (route === `GET ${API_PATHS.oidcProviders}`) {
      return script.providers?.() ?? json(200, { error: false, providers: [WORK] });
    }
    if (route === `GET ${API_PATHS.oidcConnections}`) {
      if (script.connections) return script.connections();
      return json(200, {
        error: false,
        connections: [
          { ...WORK, email: USER.email, createdAt: '2026-01-10T02:00:00.000Z' },
          { id: 'old', name: 'Old ID', email: USER.email, createdAt: '2026-01-09T02:00:00.000Z' },
        ],
        hasPassword: false,
      });
    }
    if (route === 'POST /v1/api/user/oidc/work/start') {
      return json(200, { error: false, authorizationUrl: AUTHORIZATION_URL });
    }
    if (route === `POST ${API_PATHS.oidcComplete}`) {
      return (
        script.complete?.() ??
        json(200, {
          error: false,
          token: SESSION_TOKEN,
          user: USER,
          signature: { exp: EXP },
          returnTo: '/?section=security',
        })
      );
    }
    if (route === `POST ${API_PATHS.loginSecondFactor}`) {
      return json(200, { error: false, token: SESSION_TOKEN, user: USER, signature: { exp: EXP } });
    }
    if (route === 'DELETE /v1/api/user/oidc/work') {
      return script.disconnect?.() ?? json(200, { error: false });
    }
    return json(200, { error: false, sessions: [] });
  };
}

const bodiesSent = (requests: Request[], method: string, path: string) =>
  Promise.all(
    requests
      .filter((request) => request.method === method && new URL(request.url).pathname === path)
      .map((request) => request.clone().json() as Promise<Record<string, unknown>>),
  );

/** A tab coming back from the provider: what src/app/providerReturn.ts kept of the address. */
function returned(back: Record<string, unknown>, intent: 'login' | 'connect' = 'login') {
  return {
    [TAB_STORAGE_KEYS.providerReturn]: JSON.stringify(back),
    [TAB_STORAGE_KEYS.providerFlow]: JSON.stringify({ provider: 'work', intent }),
  };
}

function start(
  options: {
    path?: string;
    token?: boolean;
    script?: Script;
    tabStorage?: Record<string, string>;
  } = {},
) {
  const requests = stubFetch(server(options.script));
  const effects = fakeEffects({
    storage: options.token ? { token: 'secret-token' } : {},
    tabStorage: options.tabStorage,
    path: options.path ?? '/login',
    now: NOW,
  });
  const store = startStore(effects);
  return { store, effects, requests };
}

const SECRETS = [HANDOFF, STATE, NONCE, SESSION_TOKEN, TICKET, 'authorize?'];

function expectNoSecretKept(store: AppStore) {
  const log = store.actionLog.export();
  const state = JSON.stringify(store.getState());
  for (const secret of SECRETS) {
    expect(log).not.toContain(secret);
    expect(state).not.toContain(secret);
  }
}

afterEach(() => jest.restoreAllMocks());

describe('leaving for the provider', () => {
  it('lists the providers on the login view and leaves for the authorization address', async () => {
    const { store, effects, requests } = start({ path: '/login?section=passkeys' });
    await settle(store);
    expect(store.getState().providers.providers).toEqual([WORK]);

    store.dispatch(providerStartRequested({ provider: 'work', intent: 'login' }));
    await until(store, () => effects.left.length === 1, 'the page to leave');
    expect(effects.left).toEqual([AUTHORIZATION_URL]);
    // Where the visitor was going goes along: home with its section, nothing else.
    expect(await bodiesSent(requests, 'POST', '/v1/api/user/oidc/work/start')).toEqual([
      { id: 'work', intent: 'login', returnTo: '/?section=passkeys' },
    ]);
    expect(store.getState().providers.start).toEqual({
      provider: 'work',
      intent: 'login',
      step: 'leaving',
    });
    // With the name on the button, which the return says before any list answers.
    expect(JSON.parse(effects.tabData.get(TAB_STORAGE_KEYS.providerFlow) ?? '{}')).toEqual({
      provider: 'work',
      intent: 'login',
      name: 'Work ID',
    });
    expectNoSecretKept(store);

    // Back from the provider, restored from the back-forward cache: the buttons work again.
    effects.showAgain();
    await until(store, () => store.getState().providers.start === null, 'the buttons back');
  });

  it('says why when the address could not be had, and leaves nothing', async () => {
    const { store, effects } = start();
    await settle(store);
    jest.restoreAllMocks();
    stubFetch(() => refusal(503, 'SERVICE_UNAVAILABLE'));
    store.dispatch(providerStartRequested({ provider: 'work', intent: 'login' }));
    await settle(store);
    expect(effects.left).toEqual([]);
    expect(store.getState().providers.start).toMatchObject({
      step: 'failed',
      error: { code: 'SERVICE_UNAVAILABLE' },
    });
  });

  it.each([
    ['an empty list', () => json(200, { error: false, providers: [] })],
    ['404 (no provider configured)', () => refusal(404, 'NOT_FOUND')],
  ])('lists no provider when none is configured: %s', async (_name, answer) => {
    const { store } = start({ script: { providers: answer } });
    await settle(store);
    expect(store.getState().providers).toMatchObject({ list: 'loaded', providers: [] });
  });
});

describe('the return', () => {
  it('finishes the sign-in and goes where the visitor was going, keeping no code', async () => {
    const { store, effects, requests } = start({ tabStorage: returned({ handoff: HANDOFF }) });
    await until(
      store,
      () => store.getState().router.location?.search === '?section=security',
      'home',
    );
    await settle(store);
    expect(await bodiesSent(requests, 'POST', API_PATHS.oidcComplete)).toEqual([
      { handoff: HANDOFF },
    ]);
    expect(store.getState().router.location?.pathname).toBe('/');
    expect(store.getState().auth.status).toBe('signedIn');
    expect(effects.data.get('token')).toBe(SESSION_TOKEN);
    // The code is used once: nothing of it stays in the tab.
    expect(effects.tabData.has(TAB_STORAGE_KEYS.providerReturn)).toBe(false);
    expect(effects.tabData.has(TAB_STORAGE_KEYS.providerFlow)).toBe(false);
    expect(store.getState().providers.return).toBeNull();
    expectNoSecretKept(store);
  });

  it.each([
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example',
    'javascript:alert(1)',
    '/nowhere',
  ])('never follows a returnTo of %s out of the app: it goes home', async (returnTo) => {
    const { store } = start({
      tabStorage: returned({ handoff: HANDOFF }),
      script: {
        complete: () =>
          json(200, {
            error: false,
            token: SESSION_TOKEN,
            user: USER,
            signature: { exp: EXP },
            returnTo,
          }),
      },
    });
    await until(store, () => store.getState().auth.status === 'signedIn', 'the sign-in');
    await settle(store);
    expect(store.getState().router.location).toMatchObject({ pathname: '/', search: '' });
  });

  /** Back from a provider whose account has two-step sign-in on, the flow started at `returnTo`. */
  async function atSecondStep(returnTo: string) {
    const { store } = start({
      tabStorage: returned({ handoff: HANDOFF }),
      script: {
        complete: () =>
          json(200, {
            error: false,
            secondFactor: { ticket: TICKET, expiresAt: EXP },
            returnTo,
          }),
      },
    });
    await until(store, () => store.getState().auth.secondStep !== undefined, 'the second step');
    await settle(store);
    return store;
  }

  it('shows the second step when two-step sign-in is on', async () => {
    const store = await atSecondStep('/');
    expect(store.getState().router.location?.pathname).toBe('/login');
    expect(store.getState().auth.status).toBe('guest');
    expect(store.getState().auth.secondStep?.expiresAt).toBe(EXP);
    expect(store.actionLog.export()).not.toContain(TICKET);
  });

  it('lands where the flow started once the second step is passed, as a password login does', async () => {
    const store = await atSecondStep('/?section=security');
    // The second step shows on the login, which carries the return path's section.
    expect(store.getState().router.location).toMatchObject({
      pathname: '/login',
      search: '?section=security',
    });
    void store.dispatch(
      api.endpoints.loginSecondFactor.initiate({ ticket: TICKET, code: '123456' }, UNTRACKED),
    );
    await until(store, () => store.getState().auth.status === 'signedIn', 'the sign-in');
    await settle(store);
    expect(store.getState().router.location).toMatchObject({
      pathname: '/',
      search: '?section=security',
    });
    expectNoSecretKept(store);
  });

  it.each([
    [refusal(409, 'ACCOUNT_EXISTS'), 'accountExists'],
    [refusal(400, 'EMAIL_NOT_VERIFIED'), 'emailNotVerified'],
    [refusal(400, 'INVALID_HANDOFF'), 'expired'],
    [refusal(500, 'INTERNAL'), 'failed'],
  ])('says why a refused return did not sign in (%#)', async (answer, failure) => {
    const { store, effects } = start({
      tabStorage: returned({ handoff: HANDOFF }),
      script: { complete: () => answer },
    });
    await until(store, () => store.getState().providers.return?.step === 'failed', 'the refusal');
    await settle(store);
    expect(store.getState().providers.return).toMatchObject({
      step: 'failed',
      provider: 'work',
      intent: 'login',
      failure,
    });
    expect(store.getState().auth.status).toBe('guest');
    expect(store.getState().router.location?.pathname).toBe('/login');
    expect(effects.data.has('token')).toBe(false);
    expectNoSecretKept(store);
  });

  it.each([
    ['PROVIDER_CANCELLED', 'cancelled'],
    ['PROVIDER_FAILED', 'unchecked'],
    ['RATE_LIMITED', 'failed'],
    ['constructor', 'failed'],
  ])(
    'says what a flow refused at the callback (%s) means, without asking the server',
    async (code, failure) => {
      const { store, requests } = start({ tabStorage: returned({ error: code }) });
      await settle(store);
      expect(store.getState().providers.return).toMatchObject({ step: 'failed', failure });
      expect(await bodiesSent(requests, 'POST', API_PATHS.oidcComplete)).toEqual([]);
    },
  );

  it('a reload after the return finds the login form, not the return again', async () => {
    const first = start({
      tabStorage: returned({ handoff: HANDOFF }),
      script: {
        complete: () => refusal(409, 'ACCOUNT_EXISTS'),
      },
    });
    await settle(first.store);
    jest.restoreAllMocks();
    const again = start({ tabStorage: Object.fromEntries(first.effects.tabData) });
    await settle(again.store);
    expect(again.store.getState().providers.return).toBeNull();
    expect(
      again.requests.filter((r) => new URL(r.url).pathname === API_PATHS.oidcComplete),
    ).toEqual([]);
  });
});

describe('on home', () => {
  it('knows which providers are connected, and that the account has no password', async () => {
    const { store } = start({ path: '/?section=providers', token: true });
    await settle(store);
    expect(store.getState().providers).toMatchObject({ providers: [WORK] });
    expect(selectConnections(store.getState())).toEqual([WORK, { id: 'old', name: 'Old ID' }]);
    expect(selectHasPassword(store.getState())).toBe(false);
  });

  it('says the list could not be loaded while the connections are not known, until asked again', async () => {
    let connections = () => refusal(500, 'INTERNAL');
    const { store } = start({
      path: '/?section=providers',
      token: true,
      script: { connections: () => connections() },
    });
    await settle(store);
    expect(selectProviderList(store.getState())).toBe('failed');
    expect(selectConnections(store.getState())).toBeNull();

    connections = () => json(200, { error: false, connections: [], hasPassword: true });
    store.dispatch(providerListRetried());
    await settle(store);
    expect(selectProviderList(store.getState())).toBe('loaded');
    expect(selectConnections(store.getState())).toEqual([]);
    expect(selectHasPassword(store.getState())).toBe(true);
  });

  it('disconnects once confirmed, and says when it is the last way in', async () => {
    let answer = refusal(409, 'LAST_WAY_IN');
    const { store, requests } = start({
      path: '/?section=providers',
      token: true,
      script: { disconnect: () => answer },
    });
    await settle(store);
    store.dispatch(providerDisconnectAsked({ provider: 'work' }));
    expect(requests.filter((r) => r.method === 'DELETE')).toEqual([]);
    store.dispatch(providerDisconnectConfirmed({ provider: 'work' }));
    await settle(store);
    expect(store.getState().providers.disconnect).toMatchObject({
      provider: 'work',
      step: 'failed',
      error: { code: 'LAST_WAY_IN' },
    });
    expect(selectConnections(store.getState())?.map(({ id }) => id)).toEqual(['work', 'old']);

    answer = json(200, { error: false });
    store.dispatch(providerDisconnectConfirmed({ provider: 'work' }));
    await settle(store);
    expect(store.getState().providers.disconnect).toEqual({ provider: 'work', step: 'done' });
    expect(selectConnections(store.getState())?.map(({ id }) => id)).toEqual(['old']);
  });

  it('a connection that came back opens the section of providers and says so', async () => {
    const { store, requests } = start({
      path: '/',
      token: true,
      tabStorage: returned({ connected: 'work' }, 'connect'),
    });
    await until(
      store,
      () => store.getState().router.location?.search === '?section=providers',
      'the section',
    );
    await settle(store);
    expect(store.getState().providers.return).toEqual({ step: 'connected', provider: 'work' });
    expect(await bodiesSent(requests, 'POST', API_PATHS.oidcComplete)).toEqual([]);
  });
});

it('redacts a return address and an authorization address wherever they appear', () => {
  const text = redactedJson({
    location: { search: `?provider-handoff=${HANDOFF}&section=security` },
    answer: { authorizationUrl: AUTHORIZATION_URL },
    href: AUTHORIZATION_URL,
  });
  for (const secret of [HANDOFF, STATE, NONCE]) expect(text).not.toContain(secret);
  expect(text).toContain('section=security');
});

type DevToolsStore = AppStore & EnhancedStore<RootState, UnknownAction, null>;

it('leaves for no provider and sends nothing when DevTools travels through a flow', async () => {
  const requests = stubFetch(server());
  const effects = fakeEffects({ path: '/login', now: NOW });
  const store = startStore(effects, {
    enhancers: [instrument(undefined, { maxAge: 500 })],
  }) as DevToolsStore;
  await settle(store);
  store.dispatch(providerStartRequested({ provider: 'work', intent: 'login' }));
  await until(store, () => effects.left.length === 1, 'the page to leave');
  await settle(store);

  const fetches = requests.length;
  const { computedStates } = store.liftedStore.getState();
  for (let index = 0; index < computedStates.length; index += 1) {
    store.liftedStore.dispatch(ActionCreators.jumpToState(index));
  }
  await settle(store);
  expect(effects.left).toHaveLength(1);
  expect(requests).toHaveLength(fetches);
});
