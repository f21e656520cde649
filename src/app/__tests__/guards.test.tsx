// The guards as a visitor meets them: every DOM state is watched, not only the last one.
import { act, render, screen } from '@testing-library/react';

import { connectHistory } from '../../../store/router/routerSlice';
import { startStore } from '../../../store/startStore';
import { fakeEffects } from '../../../testing/app/fakeEffects';
import {
  guestAnswer,
  settle,
  signedInAnswer,
  stubFetch,
  type FetchHandler,
} from '../../../testing/app/fetchStub';
import { App } from '../App';

/** Starts the app on `path` and records every view that was ever in the DOM. */
async function start(path: string, handler: FetchHandler) {
  stubFetch(handler);
  const effects = fakeEffects({ storage: { token: 'stored-token' }, path });
  const store = startStore(effects);
  const seen = new Set<string>();
  const observer = new MutationObserver(() => {
    document.querySelectorAll('[data-view]').forEach((node) => {
      seen.add(node.getAttribute('data-view') ?? '');
    });
  });
  observer.observe(document.body, { childList: true, subtree: true, attributes: true });
  connectHistory(store, effects.history);
  render(<App store={store} />);
  await act(() => settle(store));
  observer.disconnect();
  return { store, seen };
}

afterEach(() => jest.restoreAllMocks());

it('never shows the home view to a guest who opens /', async () => {
  const { store, seen } = await start('/', guestAnswer);
  expect(
    await screen.findByText((_, el) => el?.getAttribute('data-view') === 'login'),
  ).toBeTruthy();
  expect(seen).toEqual(new Set(['login']));
  expect(store.getState().router.location?.pathname).toBe('/login');
});

it.each(['/login', '/signup', '/user/verify-account'])(
  'never shows a guest view to a signed-in visitor who opens %s',
  async (path) => {
    const { store, seen } = await start(path, () => signedInAnswer());
    expect(seen).toEqual(new Set(['home']));
    expect(store.getState().router.location?.pathname).toBe('/');
  },
);

it('renders no view at all while verify is pending', async () => {
  const { seen } = await start('/login', () => new Promise<Response>(() => {}));
  expect(seen.size).toBe(0);
  expect(document.querySelector('[data-view]')).toBeNull();
  expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
});

it('shows a guest view to a guest on a guest route', async () => {
  const guest = await start('/signup', guestAnswer);
  expect(guest.seen).toEqual(new Set(['signup']));
});
