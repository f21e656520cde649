// A visitor's whole journey through the store, dispatching what the views' forms dispatch: sign-up, activation from
// the emailed link (which leads home), log-out, log-in (home again). The fake server hands out known secrets, so tests can
// look for them afterwards.
import { API_PATHS } from '../../contract/api';
import { api, UNTRACKED } from '../../store/apiSlice';
import { logoutRequested } from '../../store/authSlice';
import { navigationRequested } from '../../store/router/routerSlice';
import { activationHref } from '../../store/routes';
import { startStore } from '../../store/startStore';
import type { AppStore, StoreOptions } from '../../store/store';
import { fakeEffects } from '../app/fakeEffects';
import { json, settle, stubFetch, USER, type FetchHandler } from '../app/fetchStub';

export const SECRETS = {
  password: 'Correct-Horse-Battery-7',
  code: '482913',
  activationToken: 'tok-activation-5f1e2d3c4b5a69788796a5b4c3d2e1f0',
  loginToken: 'tok-login-0f1e2d3c4b5a69788796a5b4c3d2e1f9',
};

/** The account server as the journey needs it; a token is valid until it logs out. */
export function journeyServer(): FetchHandler {
  const valid = new Set<string>();
  const session = (token: string) => {
    valid.add(token);
    return json(200, { error: false, token, user: USER, signature: { exp: 1_900_000_000 } });
  };
  return async (request) => {
    const path = new URL(request.url).pathname;
    const bearer = request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? '';
    switch (path) {
      case API_PATHS.verify:
        return valid.has(bearer)
          ? json(200, { error: false, user: USER, signature: { exp: 1_900_000_000 } })
          : json(401, { error: true, code: 'INVALID_TOKEN', message: 'Invalid token' });
      case API_PATHS.signup:
        return json(201, { error: false, email: USER.email });
      case API_PATHS.verifyAccount:
        return session(SECRETS.activationToken);
      case API_PATHS.logout:
        valid.delete(bearer);
        return json(200, { error: false });
      case API_PATHS.login:
        return session(SECRETS.loginToken);
      case API_PATHS.sessions:
        return json(200, {
          error: false,
          sessions: [
            {
              id: 'session-1',
              createdAt: '2026-01-15T03:00:00.000Z',
              lastUsedAt: '2026-01-15T03:00:00.000Z',
              userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36',
              current: true,
            },
          ],
        });
      case API_PATHS.emailChange:
        return json(200, { error: false, pending: null });
      case API_PATHS.secondFactor:
        return json(200, { error: false, enabled: false, recoveryCodesLeft: 0 });
      case API_PATHS.passkeys:
        return json(200, { error: false, passkeys: [] });
      case API_PATHS.confirmation:
        return json(200, { error: false, until: null });
      case API_PATHS.oidcProviders:
        return json(200, { error: false, providers: [] });
      case API_PATHS.oidcConnections:
        return json(200, { error: false, connections: [], hasPassword: true });
      default:
        return json(404, { error: true, code: 'NOT_FOUND', message: 'Not found' });
    }
  };
}

/** Runs one step and waits until every request and listener it started has settled. */
export type StepRunner = (step: () => void) => Promise<void>;

export async function runJourney(
  store: AppStore,
  run: StepRunner = async (step) => {
    step();
    await settle(store);
  },
) {
  const credentials = { email: USER.email, password: SECRETS.password };
  const activation = { ...credentials, code: SECRETS.code };
  const steps = [
    () =>
      store.dispatch(api.endpoints.signup.initiate({ name: USER.name, ...credentials }, UNTRACKED)),
    () => store.dispatch(navigationRequested({ to: activationHref(USER.email, SECRETS.code) })),
    // Each way in leads home by itself (store/navigation: every way in's one rule).
    () => store.dispatch(api.endpoints.verifyAccount.initiate(activation, UNTRACKED)),
    () => store.dispatch(logoutRequested()),
    () => store.dispatch(api.endpoints.login.initiate(credentials, UNTRACKED)),
  ];
  for (const step of steps) await run(() => void step());
}

/** Every string in a JSON value, keys included, with JSON strings inside it opened too. */
export function everyString(value: unknown): string[] {
  if (typeof value === 'string') {
    const nested = /^[[{]/.test(value) ? tryParse(value) : undefined;
    return nested === undefined ? [value] : [value, ...everyString(nested)];
  }
  if (Array.isArray(value)) return value.flatMap(everyString);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => [key, ...everyString(item)]);
  }
  return [];
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A live store on /signup with fake effects, ready for the journey (fetch not yet stubbed). */
export function journeyStore(options: StoreOptions = {}, now?: number) {
  const effects = fakeEffects({ path: '/signup', now });
  return { store: startStore(effects, options), effects };
}

/** A store that has run the whole journey against the journey's server. */
export async function recordedJourney(options: StoreOptions = {}, now?: number) {
  stubFetch(journeyServer());
  const recorded = journeyStore(options, now);
  await runJourney(recorded.store);
  return recorded;
}

/** A failed login as the log records it: the request, then its 401 refusal. */
export const FAILED_LOGIN = [
  { type: 'api/executeMutation/pending', meta: { arg: { endpointName: 'login' }, requestId: 'x' } },
  {
    type: 'api/executeMutation/rejected',
    payload: { status: 401, data: { error: true, code: 'INVALID_CREDENTIALS' } },
    meta: { arg: { endpointName: 'login' }, requestId: 'x' },
  },
];

/**
 * The recorded journey's log file with `actions` added after its end, `afterMs[i]` after its last
 * step, each followed by the state hash `hash` (a test that wants them to diverge says so). The
 * file as an object, and how many actions it held before.
 */
export async function journeyLogWith(actions: object[], afterMs: number[], hash = '0') {
  const { store } = await recordedJourney();
  jest.restoreAllMocks();
  const log = JSON.parse(store.actionLog.export());
  const recorded = JSON.parse(log.payload) as object[];
  log.payload = JSON.stringify([...recorded, ...actions]);
  const end = log.actionLog.timestamps.at(-1) as number;
  log.actionLog.timestamps.push(...afterMs.map((ms) => end + ms));
  log.actionLog.stateHashes.push(...actions.map(() => hash));
  return { log, before: recorded.length, total: recorded.length + actions.length };
}
