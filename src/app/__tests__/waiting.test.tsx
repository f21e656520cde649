// While a navigation is checked the screen keeps what the visitor already saw, marked busy;
// every waiting state is a pure function of the store's state.
import type { UnknownAction } from '@reduxjs/toolkit';
import { act, render, screen, waitFor, within } from '@testing-library/react';

import { decodeLog } from '../../../contract/action-log';
import { verifyStarted } from '../../../store/authSlice';
import { waitGrewLong, waitGrewVeryLong } from '../../../store/navigationSlice';
import { rootReducer, type RootState } from '../../../store/rootReducer';
import { locationChanged } from '../../../store/router/routerSlice';
import { selectScreen } from '../../../store/screenSelectors';
import { startStore } from '../../../store/startStore';
import { journeyServer, runJourney } from '../../../testing/actionLog/journey';
import { fakeEffects } from '../../../testing/app/fakeEffects';
import { guestAnswer, settle, stubFetch, until } from '../../../testing/app/fetchStub';
import { deferredResponse, renderApp } from '../../../testing/app/renderApp';
import { allStates } from '../../replay/foldLog';
import { viewOnlyStore } from '../../replay/viewOnlyStore';
import { App } from '../App';

afterEach(() => jest.restoreAllMocks());

const main = () => screen.getByRole('main');
const viewWrapper = () => main().querySelector('.app-main__view')!;

it('keeps the settled view on screen, busy and inert, until the next one swaps in', async () => {
  const held = deferredResponse();
  let calls = 0;
  const { user, store } = renderApp({
    path: '/login',
    api: { 'GET /v1/api/user/verify': () => (calls++ ? held.handler() : guestAnswer()) },
  });
  await screen.findByRole('heading', { name: 'Log in' });
  expect(main()).toHaveAttribute('aria-busy', 'false');
  expect(viewWrapper()).not.toHaveAttribute('inert');
  const loginView = main().querySelector('[data-view="login"]');
  const views = new Set<string>();
  const observer = new MutationObserver(() =>
    document
      .querySelectorAll('[data-view]')
      .forEach((node) => views.add(node.getAttribute('data-view')!)),
  );
  observer.observe(document.body, { subtree: true, childList: true, attributes: true });

  await user.click(screen.getByRole('link', { name: 'Sign up' }));
  await act(() => until(store, () => calls === 2, 'the second verify to be sent'));
  expect(main()).toHaveAttribute('aria-busy', 'true');
  expect(viewWrapper()).toHaveAttribute('inert');
  expect(within(main()).getByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  expect(main().querySelector('[data-view="login"]')).toBe(loginView);
  expect(screen.queryByRole('progressbar')).toBeNull();

  await act(async () => {
    held.release(guestAnswer());
    await settle(store);
  });
  expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
  expect(main()).toHaveAttribute('aria-busy', 'false');
  expect(viewWrapper()).not.toHaveAttribute('inert');
  observer.disconnect();
  expect([...views]).toEqual(['login', 'signup']);
});

/** The states of a visitor on /login who follows a link whose check takes long. */
function waitingStates(): Record<'brief' | 'long' | 'veryLong', RootState> {
  const login = { pathname: '/login', search: '', hash: '', key: 'a', state: null };
  const signup = { ...login, pathname: '/signup', key: 'b' };
  const fold = (state: RootState | undefined, actions: UnknownAction[]) =>
    actions.reduce<RootState>((next, action) => rootReducer(next, action), state!);
  const settledLogin = fold(rootReducer(undefined, { type: '@@init' }), [
    locationChanged({ action: 'POP', location: login }),
    verifyStarted({ navigationKey: 'a' }),
    { type: 'auth/tokenRejected', payload: { navigationKey: 'a', code: 'INVALID_TOKEN' } },
  ]);
  const brief = fold(settledLogin, [
    locationChanged({ action: 'PUSH', location: signup }),
    verifyStarted({ navigationKey: 'b' }),
  ]);
  const long = rootReducer(brief, waitGrewLong());
  return { brief, long, veryLong: rootReducer(long, waitGrewVeryLong()) };
}

const withLocale = (state: RootState, current: 'en' | 'kh'): RootState => ({
  ...state,
  locale: { ...state.locale, current },
});

it.each([
  ['en', 'Waiting for the server', 'The server is slow to answer. Please wait a moment…'],
  ['kh', 'កំពុងរង់ចាំម៉ាស៊ីនមេ', 'ម៉ាស៊ីនមេកំពុងឆ្លើយតបយឺត។ សូមរង់ចាំបន្តិច…'],
] as const)(
  'shows, from state alone, the progress bar past 300 ms and in %s the slow message past 5 s',
  async (locale, progress, slow) => {
    const states = waitingStates();
    const { rerender } = render(<App store={viewOnlyStore(withLocale(states.brief, locale))} />);
    await waitFor(() => expect(main().querySelector('[data-view="login"]')).not.toBeNull());
    expect(main()).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('progressbar')).toBeNull();

    rerender(<App store={viewOnlyStore(withLocale(states.long, locale))} />);
    expect(await screen.findByRole('progressbar', { name: progress })).toBeInTheDocument();
    expect(screen.queryByText(slow)).toBeNull();

    rerender(<App store={viewOnlyStore(withLocale(states.veryLong, locale))} />);
    expect(await screen.findByText(slow)).toHaveAttribute('role', 'status');
    expect(screen.getByRole('progressbar', { name: progress })).toBeInTheDocument();
    expect(main().querySelector('[data-view="login"]')).not.toBeNull();
  },
);

it('before any view has settled, a loading card fills the main area', () => {
  const login = { pathname: '/login', search: '', hash: '', key: 'a', state: null };
  const state = rootReducer(undefined, locationChanged({ action: 'POP', location: login }));
  render(<App store={viewOnlyStore(state)} />);
  expect(main().querySelector('[data-loading]')).not.toBeNull();
  expect(main().querySelector('[data-view]')).toBeNull();
  expect(main()).toHaveAttribute('aria-busy', 'true');
});

it('folding a recorded log never yields a state whose view is blank', async () => {
  window.history.replaceState(null, '', '/signup');
  stubFetch(journeyServer());
  const effects = fakeEffects({ path: '/signup' });
  const store = startStore(effects);
  await runJourney(store);
  const states = allStates(decodeLog(store.actionLog.export()));
  expect(states.length).toBeGreaterThan(30);

  const blank: number[] = [];
  for (const [index, state] of states.entries()) {
    const { container, unmount } = render(<App store={viewOnlyStore(state)} />);
    await act(() => settle(store));
    const screenOf = selectScreen(state);
    const shown = container.querySelector(
      screenOf.kind === 'view' ? `main [data-view="${screenOf.route}"]` : 'main [data-loading]',
    );
    unmount();
    if (!shown) blank.push(index);
  }
  expect(blank).toEqual([]);
});
