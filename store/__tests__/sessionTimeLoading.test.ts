// The session's time code (moment-timezone) is an effect loaded on demand: beside the verify call
// of a stored token, never for a guest, and a signed-in answer without it is a failed call.
import { fakeEffects } from '../../testing/app/fakeEffects';
import {
  guestAnswer,
  json,
  settle,
  signedInAnswer,
  stubFetch,
  USER,
} from '../../testing/app/fetchStub';
import { api } from '../apiSlice';
import { startStore } from '../startStore';

afterEach(() => jest.restoreAllMocks());

function start(storage: Record<string, string>, path = '/', fails = false) {
  const effects = fakeEffects({ storage, path });
  const loads: string[] = [];
  const load = effects.loadSessionTime;
  effects.loadSessionTime = () => {
    loads.push(effects.history.location.pathname);
    return fails ? Promise.reject(new Error('Loading chunk session-time failed.')) : load();
  };
  const store = startStore(effects);
  return { effects, store, loads };
}

it('is never loaded for a visitor without a token', async () => {
  stubFetch(guestAnswer);
  const { store, loads, effects } = start({}, '/login');
  await settle(store);
  effects.history.push('/signup');
  await settle(store);
  expect(store.getState().auth.status).toBe('guest');
  expect(loads).toEqual([]);
});

it('starts loading with the verify call of a stored token, before its answer', async () => {
  const loadsWhenVerifyAnswered: number[] = [];
  let loads: string[] = [];
  stubFetch((request) => {
    if (!new URL(request.url).pathname.endsWith('/user/verify')) {
      return json(404, { error: true, code: 'NOT_FOUND' });
    }
    loadsWhenVerifyAnswered.push(loads.length);
    return signedInAnswer();
  });
  const started = start({ token: 't' });
  loads = started.loads;
  await settle(started.store);
  expect(loadsWhenVerifyAnswered).toEqual([1]);
  expect(started.store.getState().auth.status).toBe('signedIn');
});

it('is loaded on a sign-in, so the next verify does not wait for it', async () => {
  stubFetch((request) =>
    new URL(request.url).pathname.endsWith('/login')
      ? json(200, { token: 'new', user: USER, signature: {} })
      : guestAnswer(),
  );
  const { store, loads } = start({}, '/login');
  await settle(store);
  expect(loads).toEqual([]);
  void store.dispatch(api.endpoints.login.initiate({ email: 'a@example.com', password: 'pw' }));
  expect(loads).toEqual(['/login']);
  await settle(store);
});

it('makes a signed-in answer a failed call when it cannot be loaded: token kept, no cookie', async () => {
  stubFetch(() => signedInAnswer());
  const { store, effects } = start({ token: 't' }, '/login', true);
  await settle(store);
  expect(store.getState().auth.status).toBe('guest');
  expect(store.getState().auth.lastFailure).toBe('network');
  expect(effects.data.get('token')).toBe('t');
  expect(effects.cookieWrites.filter((write) => write.op === 'set')).toEqual([]);
  expect(effects.errors).toEqual([['user-token-error', { reason: 'network' }]]);
});
