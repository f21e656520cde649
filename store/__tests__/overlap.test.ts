import { fakeEffects } from '../../testing/app/fakeEffects';
import { json, settle, signedInAnswer, stubFetch, until } from '../../testing/app/fetchStub';
import { HTTP_TIMEOUT_MS } from '../constants';
import { navigationRequested } from '../router/routerSlice';
import { startStore } from '../startStore';

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

function deferred() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}

it('ignores the answer of an older navigation that arrives after the newer one', async () => {
  const answers = [deferred(), deferred()];
  let call = 0;
  stubFetch(() => answers[call++]!.promise);
  const effects = fakeEffects({ storage: { token: 't' }, path: '/signup' });
  const store = startStore(effects);
  store.dispatch(navigationRequested({ to: '/login' }));
  await until(store, () => call === 2, 'both verify calls to be sent');
  const latestKey = store.getState().router.location?.key;

  answers[1]!.resolve(json(401, { error: true, code: 'INVALID_TOKEN' }));
  await until(store, () => store.getState().auth.status === 'guest', 'the newer answer');
  const afterLatest = store.getState();
  expect(afterLatest.auth).toMatchObject({ status: 'guest', navigationKey: latestKey });

  answers[0]!.resolve(signedInAnswer());
  await settle(store);
  expect(store.getState().auth).toEqual(afterLatest.auth);
  expect(store.getState().router.location?.pathname).toBe('/login');
  expect(effects.cookieWrites.filter((w) => w.op === 'set')).toHaveLength(0);
});

it('treats a verify call with no answer after 30 s as failed and keeps the token', async () => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  stubFetch(
    (request) =>
      new Promise((_resolve, reject) => {
        // As a real fetch does: reject with the signal's reason.
        request.signal.addEventListener('abort', () => reject(request.signal.reason));
      }),
  );
  const effects = fakeEffects({ storage: { token: 't' }, path: '/login' });
  const store = startStore(effects);
  await jest.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
  expect(store.getState().auth.status).toBe('checking');
  await jest.advanceTimersByTimeAsync(2);
  expect(store.getState().auth).toMatchObject({ status: 'guest', lastFailure: 'timeout' });
  expect(effects.data.get('token')).toBe('t');
  expect(effects.errors[0]?.[0]).toBe('user-token-error');
});
