// The wait's thresholds are events from a listener's timers; settling cancels them.
import { fakeEffects } from '../../testing/app/fakeEffects';
import { guestAnswer, signedInAnswer, stubFetch } from '../../testing/app/fetchStub';
import { WAIT_LONG_MS, WAIT_VERY_LONG_MS } from '../navigationSlice';
import { navigationRequested } from '../router/routerSlice';
import { startStore } from '../startStore';

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

/** A server whose verify answers come only when the test releases them, in order. */
function heldAnswers() {
  const releases: Array<(response: Response) => void> = [];
  stubFetch(() => new Promise<Response>((resolve) => releases.push(resolve)));
  return (answer: Response) => releases.shift()!(answer);
}

function start(path: string) {
  const effects = fakeEffects({ storage: { token: 't' }, path });
  const store = startStore(effects);
  const waitEvents = () =>
    (JSON.parse(JSON.parse(store.actionLog.export()).payload) as Array<{ type: string }>)
      .map((action) => action.type)
      .filter((type) => type.startsWith('navigation/'));
  return { store, waitEvents };
}

it('grows long at 300 ms and very long at 5 s, then stops once the view settles', async () => {
  const answer = heldAnswers();
  const { store, waitEvents } = start('/login');

  await jest.advanceTimersByTimeAsync(WAIT_LONG_MS - 1);
  expect(store.getState().navigation.wait).toBe('brief');
  await jest.advanceTimersByTimeAsync(1);
  expect(store.getState().navigation.wait).toBe('long');
  await jest.advanceTimersByTimeAsync(WAIT_VERY_LONG_MS - WAIT_LONG_MS - 1);
  expect(store.getState().navigation.wait).toBe('long');
  await jest.advanceTimersByTimeAsync(1);
  expect(store.getState().navigation.wait).toBe('veryLong');

  answer(guestAnswer());
  await jest.advanceTimersByTimeAsync(0);
  expect(store.getState().navigation.wait).toBeNull();
  expect(waitEvents()).toEqual(['navigation/waitGrewLong', 'navigation/waitGrewVeryLong']);
});

it('a wait settled before 300 ms leaves no timer behind, and the next wait counts afresh', async () => {
  const answer = heldAnswers();
  const { store, waitEvents } = start('/login');
  await jest.advanceTimersByTimeAsync(WAIT_LONG_MS - 50);
  answer(guestAnswer());
  await jest.advanceTimersByTimeAsync(WAIT_VERY_LONG_MS * 2);
  expect(waitEvents()).toEqual([]);

  store.dispatch(navigationRequested({ to: '/signup' }));
  await jest.advanceTimersByTimeAsync(WAIT_LONG_MS);
  expect(store.getState().navigation.wait).toBe('long');
  expect(waitEvents()).toEqual(['navigation/waitGrewLong']);
});

it('one wait spans a redirect: the clock does not restart on the way to home', async () => {
  const answer = heldAnswers();
  const { store, waitEvents } = start('/login');
  await jest.advanceTimersByTimeAsync(WAIT_LONG_MS + 100);
  answer(signedInAnswer());
  await jest.advanceTimersByTimeAsync(0);
  expect(store.getState().router.location?.pathname).toBe('/');
  expect(store.getState().navigation.wait).toBe('long');

  await jest.advanceTimersByTimeAsync(WAIT_VERY_LONG_MS - WAIT_LONG_MS - 100);
  expect(store.getState().navigation.wait).toBe('veryLong');
  answer(signedInAnswer());
  await jest.advanceTimersByTimeAsync(0);
  expect(store.getState().navigation).toMatchObject({ wait: null, settled: { route: 'home' } });
  expect(waitEvents()).toEqual(['navigation/waitGrewLong', 'navigation/waitGrewVeryLong']);
});
