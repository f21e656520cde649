import { screen, waitFor } from '@testing-library/react';

import { logoutRequested } from '../../../store/auth/authSlice';
import { json, signedInAnswer, USER } from '../../../testing/app/fetchStub';
import { renderApp } from '../../../testing/app/renderApp';

afterEach(() => jest.restoreAllMocks());

// 2026-02-01 10:30 UTC
const EXP = Date.UTC(2026, 1, 1, 10, 30) / 1000;

async function openHome(localeRef?: string) {
  const app = renderApp({
    path: '/',
    storage: { token: 'tok', ...(localeRef ? { localeRef } : {}) },
    api: {
      'GET /v1/api/user/verify': (request) =>
        request.headers.get('Authorization') ? signedInAnswer(EXP) : json(401, { error: true }),
      'POST /v1/api/user/logout': () => json(200, { error: false }),
    },
  });
  await screen.findByRole('button', { name: /Log out|ចាកចេញ/ });
  return app;
}

it("shows the user's name and email and when the session ends", async () => {
  await openHome();
  expect(screen.getByRole('heading', { name: `Hello, ${USER.name}` })).toBeInTheDocument();
  expect(screen.getByText(USER.email)).toBeInTheDocument();
  const expiry = screen.getByText(/2026/);
  expect(expiry).toHaveAttribute('datetime', '2026-02-01T10:30:00.000Z');
  expect(expiry).toHaveTextContent(/February 1, 2026/);
});

it('writes the session end in Khmer for Khmer readers', async () => {
  await openHome('kh');
  const expiry = document.querySelector('time');
  expect(expiry).toHaveTextContent(/កុម្ភៈ/);
  expect(screen.getByRole('heading', { name: `សួស្ដី ${USER.name}` })).toBeInTheDocument();
});

it('logs out: asks the server, forgets the session and shows the log-in view', async () => {
  const { user, actions, effects, requests } = await openHome();
  await user.click(screen.getByRole('button', { name: 'Log out' }));

  expect(actions).toContainEqual(logoutRequested());
  await screen.findByRole('heading', { name: 'Log in' });
  expect(requests.some((r) => r.method === 'POST' && r.url.endsWith('/v1/api/user/logout'))).toBe(
    true,
  );
  await waitFor(() => expect(effects.data.has('token')).toBe(false));
});
