// The app started over a browser's leftovers: garbage, huge or missing values in localStorage and
// a malformed `user` cookie. It starts, is a guest in English, and leaves alone what it does not own.
import { act, render, screen } from '@testing-library/react';

import { startStore } from '../../../../store/startStore';
import {
  guestAnswer,
  settle,
  stubFetch,
  type FetchHandler,
} from '../../../../testing/app/fetchStub';
import { App } from '../../App';
import { browserEffects } from '../../browserEffects';

const MALFORMED_COOKIE = 'user=%7B%22id%22%3A%20broken';
const UNRELATED = { key: 'other-app', value: 'keep me' };

function clearBrowser() {
  localStorage.clear();
  document.cookie = 'user=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  document.documentElement.lang = '';
}

async function startWith(storage: Record<string, string>, handler: FetchHandler) {
  clearBrowser();
  for (const [key, value] of Object.entries(storage)) localStorage.setItem(key, value);
  localStorage.setItem(UNRELATED.key, UNRELATED.value);
  document.cookie = `${MALFORMED_COOKIE}; path=/`;
  window.history.replaceState(null, '', '/login');
  const requests = stubFetch(handler);
  const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
  const effects = browserEffects(window);
  const store = startStore(effects);
  render(<App store={store} />);
  await act(() => settle(store));
  return { store, requests, errors };
}

afterEach(() => {
  jest.restoreAllMocks();
  clearBrowser();
});

const GARBAGE: Array<[string, Record<string, string>]> = [
  ['missing values', {}],
  ['empty values', { token: '', localeRef: '' }],
  ['JSON garbage', { token: '{"a":[1,2', localeRef: '{"locale":"kh"}' }],
  ['control characters', { token: 'a\u0000b\u001b[31m', localeRef: 'kh\n' }],
  ['unicode', { token: 'ážš\u{1F600}\uFFFF', localeRef: 'ខ្មែរ' }],
  ['a huge token and locale', { token: 't'.repeat(1 << 20), localeRef: 'k'.repeat(1 << 16) }],
  ['the wrong case', { token: 'null', localeRef: 'KH' }],
];

describe.each(GARBAGE)('with %s in localStorage', (_name, storage) => {
  it('shows the login view in English to a guest', async () => {
    const { store } = await startWith(storage, guestAnswer);
    expect(
      await screen.findByText((_, el) => el?.getAttribute('data-view') === 'login'),
    ).toBeTruthy();
    expect(store.getState().auth.status).toBe('guest');
    expect(store.getState().locale.current).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('rewrites neither localeRef nor unrelated keys', async () => {
    await startWith(storage, guestAnswer);
    expect(localStorage.getItem('localeRef')).toBe(storage.localeRef ?? null);
    expect(localStorage.getItem(UNRELATED.key)).toBe(UNRELATED.value);
  });

  it('keeps token and cookie when the check fails', async () => {
    const { store, errors } = await startWith(storage, () =>
      Promise.reject(new TypeError('fetch failed')),
    );
    expect(store.getState().auth.status).toBe('guest');
    expect(localStorage.getItem('token')).toBe(storage.token ?? null);
    expect(document.cookie).toContain(MALFORMED_COOKIE);
    expect(errors.mock.calls.some(([label]) => label === 'user-token-error')).toBe(true);
  });
});

it('clears a garbage token and the malformed cookie only when the server rejects it', async () => {
  const { requests } = await startWith({ token: 'not-a-session' }, guestAnswer);
  expect(requests[0]?.headers.get('authorization')).toBe('Bearer not-a-session');
  expect(localStorage.getItem('token')).toBeNull();
  expect(document.cookie).not.toContain('user=');
});
