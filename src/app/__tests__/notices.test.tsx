// What just happened is said once by the next view (role="status"), and gone with the navigation
// after it or when dismissed: activation, password reset, deletion, log-out, and a signed-in
// visitor sent home from an activation or reset link.
import { act, screen, within } from '@testing-library/react';

import { API_PATHS } from '../../../contract/api';
import { api, UNTRACKED } from '../../../store/apiSlice';
import { sentHome } from '../../../store/navigationSlice';
import { json, settle, signedInAnswer, USER } from '../../../testing/app/fetchStub';
import { renderApp } from '../../../testing/app/renderApp';

afterEach(() => jest.restoreAllMocks());

const SESSION = { error: false, token: 'tok-new', user: USER, signature: { exp: 2e9 } };
const OK = () => json(200, { error: false });
const NO_SESSIONS = () => json(200, { error: false, sessions: [] });

/** The status region holding `text`, or an error saying none does. */
function notice(text: string | RegExp) {
  const region = screen
    .getAllByRole('status')
    .find((candidate) => candidate.classList.contains('notice'));
  if (!region) throw new Error('no notice region');
  expect(region).toHaveTextContent(text);
  return region;
}

const noNotice = () => expect(document.querySelector('.notice')?.textContent ?? '').toBe('');

it('says once on home that the account is activated', async () => {
  const { store, effects } = renderApp({
    path: '/user/verify-account',
    api: { [`POST ${API_PATHS.verifyAccount}`]: () => json(200, SESSION) },
  });
  await screen.findByRole('heading', { name: 'Activate your account' });
  noNotice();
  // What the activation form sends; the way in leads home by itself.
  await act(async () => {
    await store.dispatch(
      api.endpoints.verifyAccount.initiate(
        { email: USER.email, code: '123456', password: 'blue mango river' },
        UNTRACKED,
      ),
    );
  });
  await screen.findByRole('heading', { name: `Hello, ${USER.name}` });
  notice('Your account is activated. Welcome!');

  // The navigation after it takes it away.
  act(() => effects.history.push('/'));
  await screen.findByRole('heading', { name: `Hello, ${USER.name}` });
  // Once the navigation's check and the home's requests have answered, nothing brings it back.
  await act(() => settle(store));
  noNotice();
});

it('says on home that the new password is saved, in Khmer too', async () => {
  const { store } = renderApp({
    path: '/user/reset-password?email=sokha%40example.com',
    storage: { localeRef: 'kh' },
    api: { [`POST ${API_PATHS.resetPassword}`]: () => json(200, SESSION) },
  });
  await screen.findByRole('heading', { name: 'ជ្រើសរើសពាក្យសម្ងាត់ថ្មី' });
  await act(async () => {
    await store.dispatch(
      api.endpoints.resetPassword.initiate(
        { email: USER.email, code: '123456', password: 'blue mango river 2' },
        UNTRACKED,
      ),
    );
  });
  await screen.findByRole('heading', { name: `សួស្ដី ${USER.name}` });
  notice('ពាក្យសម្ងាត់ថ្មីរបស់អ្នកត្រូវបានរក្សាទុក');
});

it('says "You are logged out." on /login, until dismissed', async () => {
  const { user } = renderApp({
    path: '/',
    storage: { token: 'tok' },
    api: { [`POST ${API_PATHS.logout}`]: OK, [`GET ${API_PATHS.sessions}`]: NO_SESSIONS },
  });
  await user.click(await screen.findByRole('button', { name: 'Log out' }));
  await screen.findByRole('heading', { name: 'Log in' });
  const region = notice('You are logged out.');
  await user.click(within(region).getByRole('button', { name: 'Dismiss' }));
  noNotice();
});

it('says on /login that the account was deleted, not merely logged out', async () => {
  const { user } = renderApp({
    path: '/?section=delete',
    storage: { token: 'tok' },
    api: {
      [`POST ${API_PATHS.deleteAccount}`]: OK,
      [`GET ${API_PATHS.sessions}`]: NO_SESSIONS,
      [`POST ${API_PATHS.confirm}`]: () => json(200, { error: false, until: 2e9 }),
    },
  });
  await screen.findByRole('heading', { name: `Hello, ${USER.name}` });
  const danger = screen.getByRole('region', { name: 'Delete your account' });
  await user.type(await within(danger).findByLabelText('Password'), 'blue mango river');
  await user.click(within(danger).getByRole('button', { name: 'Confirm' }));
  await user.click(await within(danger).findByRole('checkbox'));
  await user.click(within(danger).getByRole('button', { name: 'Delete my account' }));
  await screen.findByRole('heading', { name: 'Log in' });
  notice('Your account was deleted.');
  expect(screen.queryByText('You are logged out.')).toBeNull();
});

it.each([
  ['/user/verify-account?email=sokha%40example.com&code=123456', 'activation', 'activation link'],
  ['/user/reset-password?email=sokha%40example.com&code=123456', 'resetPassword', 'reset link'],
] as const)(
  'a signed-in visitor opening %s is sent home and told why',
  async (path, from, words) => {
    const { actions, store } = renderApp({
      path,
      storage: { token: 'tok' },
      api: { [`GET ${API_PATHS.sessions}`]: NO_SESSIONS },
    });
    await screen.findByRole('heading', { name: `Hello, ${USER.name}` });
    expect(store.getState().router.location?.pathname).toBe('/');
    expect(actions).toContainEqual(sentHome({ from }));
    notice(new RegExp(`You are already logged in, so the (password )?${words}`));
  },
);

it('sends a signed-in visitor home from /login without a notice', async () => {
  const { actions } = renderApp({
    path: '/login',
    storage: { token: 'tok' },
    api: {
      [`GET ${API_PATHS.verify}`]: () => signedInAnswer(),
      [`GET ${API_PATHS.sessions}`]: NO_SESSIONS,
    },
  });
  await screen.findByRole('heading', { name: `Hello, ${USER.name}` });
  expect(actions.map((action) => action.type)).not.toContain(sentHome.type);
  noNotice();
});

it('clears a notice once the visitor acts on the view it showed on', async () => {
  const { user } = renderApp({
    path: '/',
    storage: { token: 'tok' },
    api: {
      [`POST ${API_PATHS.logout}`]: OK,
      [`GET ${API_PATHS.sessions}`]: NO_SESSIONS,
      [`POST ${API_PATHS.login}`]: () => json(401, { error: true, code: 'INVALID_CREDENTIALS' }),
    },
  });
  await user.click(await screen.findByRole('button', { name: 'Log out' }));
  await screen.findByRole('heading', { name: 'Log in' });
  notice('You are logged out.');
  // The visitor moves on: the notice has said its piece, and the form's own answer shows alone.
  await user.type(screen.getByLabelText('Email'), USER.email);
  await user.type(screen.getByLabelText('Password'), 'not the password');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  await screen.findByText('The email or the password is not right.');
  noNotice();
});
