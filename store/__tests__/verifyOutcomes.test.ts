import { API_PATHS } from '../../contract/api';
import { fakeEffects } from '../../testing/app/fakeEffects';
import {
  json,
  settle,
  signedInAnswer,
  stubFetch,
  USER,
  type FetchHandler,
} from '../../testing/app/fetchStub';
import { startStore } from '../startStore';

const NOW = Date.UTC(2026, 0, 15, 3, 0, 0);
const NOW_S = NOW / 1000;

function boot(handler: FetchHandler, path = '/') {
  const requests = stubFetch(handler);
  const effects = fakeEffects({ storage: { token: 'secret-token' }, path, now: NOW });
  const store = startStore(effects);
  return { store, effects, requests };
}

afterEach(() => jest.restoreAllMocks());

type Outcome = 'signedIn' | 'rejected' | 'failed';

const cases: Array<[string, FetchHandler, Outcome]> = [
  ['200 with a user', () => signedInAnswer(NOW_S + 60), 'signedIn'],
  ['401 with error:true', () => json(401, { error: true, code: 'INVALID_TOKEN' }), 'rejected'],
  ['200 with error:true', () => json(200, { error: true, code: 'INVALID_TOKEN' }), 'rejected'],
  ['403 with error:true and no code', () => json(403, { error: true }), 'rejected'],
  ['500 with no body', () => new Response(null, { status: 500 }), 'failed'],
  ['503 with error:true', () => json(503, { error: true, code: 'SERVICE_UNAVAILABLE' }), 'failed'],
  ['a network error', () => Promise.reject(new TypeError('fetch failed')), 'failed'],
  ['a body that is not JSON', () => new Response('<html>oops</html>', { status: 200 }), 'failed'],
  ['a truncated JSON body', () => new Response('{"error":false,"us', { status: 200 }), 'failed'],
  [
    'JSON without user',
    () => json(200, { error: false, signature: { exp: NOW_S + 60 } }),
    'failed',
  ],
  [
    'JSON with a user that is not an object',
    () => json(200, { error: false, user: 'x' }),
    'failed',
  ],
  ['a JSON array', () => json(200, [1, 2]), 'failed'],
  ['404 without error:true', () => json(404, { message: 'not here' }), 'failed'],
  ['200 with error missing', () => json(200, { user: USER }), 'failed'],
];

describe.each(cases)('verify answered with %s', (_name, handler, outcome) => {
  it(`is ${outcome}`, async () => {
    // A path where the outcome causes no redirect, so exactly one verify call runs.
    const { store, effects, requests } = boot(handler, outcome === 'signedIn' ? '/' : '/login');
    await settle(store);
    const { auth } = store.getState();
    const paths = requests.map((request) => new URL(request.url).pathname);
    expect(paths.filter((path) => path === API_PATHS.verify)).toHaveLength(1);
    // Only a signed-in home asks for the session list, the pending email change, the second
    // factor, whether the session is confirmed, the passkeys and the providers, after its verify;
    // the login view asks only which providers there are.
    expect(paths.filter((path) => path !== API_PATHS.verify)).toEqual(
      outcome === 'signedIn'
        ? [
            API_PATHS.sessions,
            API_PATHS.emailChange,
            API_PATHS.secondFactor,
            API_PATHS.confirmation,
            API_PATHS.passkeys,
            API_PATHS.oidcProviders,
            API_PATHS.oidcConnections,
          ]
        : [API_PATHS.oidcProviders],
    );
    expect(auth.status).toBe(outcome === 'signedIn' ? 'signedIn' : 'guest');
    const tokenKept = effects.data.get('token') === 'secret-token';
    expect(tokenKept).toBe(outcome !== 'rejected');
    expect(auth.hasToken).toBe(outcome !== 'rejected');
    const errorLines = effects.errors.filter(([label]) => label === 'user-token-error');
    expect(errorLines).toHaveLength(outcome === 'failed' ? 1 : 0);
    const cookieOps = effects.cookieWrites.map(({ op, name }) => `${op}:${name}`);
    if (outcome === 'signedIn') expect(cookieOps).toEqual(['set:user']);
    if (outcome === 'rejected') expect(cookieOps).toEqual(['remove:user']);
    if (outcome === 'failed') expect(cookieOps).toEqual([]);
  });
});

describe('the redirect after verify', () => {
  it('sends a signed-in visitor on a guest route to /', async () => {
    const { store } = boot(() => signedInAnswer(NOW_S + 60), '/login');
    await settle(store);
    expect(store.getState().router.location?.pathname).toBe('/');
  });

  it('sends a guest on / to /login, verifying again on the way', async () => {
    const { store, requests } = boot(() => json(401, { error: true }), '/');
    await settle(store);
    expect(store.getState().router.location?.pathname).toBe('/login');
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual([
      '/v1/api/user/verify',
      '/v1/api/user/verify',
      '/v1/api/user/oidc/providers',
    ]);
  });

  it('sends an unknown path to / and then on to /login for a guest', async () => {
    const { store } = boot(() => json(401, { error: true }), '/no/such/page');
    await settle(store);
    expect(store.getState().router.location?.pathname).toBe('/login');
  });

  it('keeps a failed check on / as a guest on /login with the token kept', async () => {
    const { store, effects } = boot(() => Promise.reject(new TypeError('down')), '/');
    await settle(store);
    expect(store.getState().router.location?.pathname).toBe('/login');
    expect(effects.data.get('token')).toBe('secret-token');
  });
});

describe('the request', () => {
  it('carries the JSON content type, the bearer token and the language', async () => {
    const { requests, store } = boot(() => signedInAnswer(NOW_S + 60), '/');
    await settle(store);
    const [request] = requests;
    expect(request?.method).toBe('GET');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(request?.headers.get('authorization')).toBe('Bearer secret-token');
    expect(request?.headers.get('accept-language')).toBe('en');
  });

  it('has no Authorization header when no token is stored', async () => {
    const requests = stubFetch(() => json(401, { error: true }));
    const effects = fakeEffects({ path: '/login', now: NOW });
    const store = startStore(effects);
    await settle(store);
    expect(requests[0]?.headers.has('authorization')).toBe(false);
    expect(store.getState().auth.hasToken).toBe(false);
  });
});
