// A session ended on another device ends here too, whichever signed-in request finds out: the
// token and the `user` cookie go, the visitor is a guest on /login, and a notice says why.
import { screen, within } from '@testing-library/react';

import { API_PATHS } from '../../../contract/api';
import { sessionEnded } from '../../../store/authSlice';
import { noticeDismissed } from '../../../store/notice/noticeSlice';
import { guestAnswer, json, signedInAnswer } from '../../../testing/app/fetchStub';
import { renderApp } from '../../../testing/app/renderApp';

afterEach(() => jest.restoreAllMocks());

const SESSIONS = {
  error: false,
  sessions: [
    {
      id: 's-here',
      createdAt: '2026-01-15T02:00:00.000Z',
      lastUsedAt: '2026-01-15T03:00:00.000Z',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36',
      current: true,
    },
  ],
};

/** Home for a signed-in visitor whose session the server forgets after the first answers. */
function openHome(localeRef?: string) {
  let ended = false;
  const app = renderApp({
    path: '/?section=password',
    storage: { token: 'tok', ...(localeRef ? { localeRef } : {}) },
    api: {
      [`GET ${API_PATHS.verify}`]: () => (ended ? guestAnswer() : signedInAnswer()),
      [`GET ${API_PATHS.sessions}`]: () => json(200, SESSIONS),
      [`GET ${API_PATHS.confirmation}`]: () => json(200, { error: false, until: 2e9 }),
      [`POST ${API_PATHS.changePassword}`]: () => guestAnswer(),
    },
  });
  return { ...app, endSession: () => void (ended = true) };
}

it('a refused password change ends the session here and says so on /login', async () => {
  const { store, effects, actions, user, endSession } = openHome();
  await screen.findByRole('heading', { name: /^Hello/ });
  endSession();

  await user.type(await screen.findByLabelText('New password'), 'new-Password-22');
  await user.click(screen.getByRole('button', { name: 'Change password' }));

  await screen.findByRole('heading', { name: 'Log in' });
  expect(store.getState().router.location?.pathname).toBe('/login');
  expect(store.getState().auth).toMatchObject({ status: 'guest', user: null, hasToken: false });
  expect(actions).toContainEqual(sessionEnded({ endpoint: 'changePassword' }));
  expect(effects.data.has('token')).toBe(false);
  expect(effects.cookieWrites.at(-1)).toMatchObject({ op: 'remove', name: 'user' });
  const notice = screen
    .getAllByRole('status')
    .find((region) => region.textContent?.includes('Your session was ended on another device'));
  if (!notice) throw new Error('no notice says the session ended');

  // Said once: dismissed, it is gone, and it does not come back with the next view.
  await user.click(within(notice).getByRole('button', { name: 'Dismiss' }));
  expect(actions).toContainEqual(noticeDismissed());
  expect(screen.queryByText(/Your session was ended/)).toBeNull();
});

it('the sessions list finding the session gone does the same, in Khmer', async () => {
  const { store, user } = renderApp({
    path: '/',
    storage: { token: 'tok', localeRef: 'kh' },
    api: {
      [`GET ${API_PATHS.verify}`]: (request) =>
        request.headers.has('Authorization') ? signedInAnswer() : guestAnswer(),
      [`GET ${API_PATHS.sessions}`]: () => guestAnswer(),
    },
  });
  expect(await screen.findByText(/វគ្គប្រើប្រាស់របស់អ្នកត្រូវបានបញ្ចប់នៅលើឧបករណ៍ផ្សេង/)).toBeInTheDocument();
  expect(store.getState().router.location?.pathname).toBe('/login');

  // The next navigation takes the notice away.
  await user.click(screen.getByRole('link', { name: 'ចុះឈ្មោះ' }));
  await screen.findByRole('heading', { name: 'បង្កើតគណនីរបស់អ្នក' });
  expect(screen.queryByText(/វគ្គប្រើប្រាស់របស់អ្នកត្រូវបានបញ្ចប់/)).toBeNull();
});
