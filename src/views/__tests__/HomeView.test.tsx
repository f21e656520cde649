import { screen, waitFor, within } from '@testing-library/react';

import { logoutRequested } from '../../../store/auth/authSlice';
import { json, signedInAnswer, USER } from '../../../testing/app/fetchStub';
import { renderApp } from '../../../testing/app/renderApp';

afterEach(() => jest.restoreAllMocks());

// 2026-02-01 10:30 UTC
const EXP = Date.UTC(2026, 1, 1, 10, 30) / 1000;
const SESSION = {
  id: 'session-1',
  createdAt: '2026-01-15T03:00:00.000Z',
  lastUsedAt: '2026-01-15T03:00:00.000Z',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36',
  current: true,
};

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

it('says in words when the sessions could not be loaded, and "Try again" asks again', async () => {
  let answers = 0;
  const { user, actions } = renderApp({
    path: '/',
    storage: { token: 'tok' },
    api: {
      'GET /v1/api/user/verify': () => signedInAnswer(EXP),
      'GET /v1/api/user/sessions': () => {
        answers += 1;
        return answers === 1
          ? json(500, { error: true, code: 'INTERNAL' })
          : json(200, { error: false, sessions: [SESSION] });
      },
    },
  });
  const section = await screen.findByRole('region', { name: 'Where you are logged in' });
  const alert = await within(section).findByText(/^Your sessions could not be loaded\./);
  expect(alert).toHaveAttribute('role', 'alert');
  expect(alert).toHaveTextContent(
    'Your sessions could not be loaded. Something went wrong on our side.',
  );
  await user.click(within(section).getByRole('button', { name: 'Try again' }));
  expect(await within(section).findByText('This device')).toBeInTheDocument();
  expect(within(section).queryByText(/could not be loaded/)).not.toBeInTheDocument();
  expect(answers).toBe(2);
  expect(actions).toContainEqual({ type: 'account/sessionsRetried' });
});

it('says in words when a pending email change could not be checked for, and "Try again" asks again', async () => {
  let answers = 0;
  const { user, actions } = renderApp({
    path: '/',
    storage: { token: 'tok' },
    api: {
      'GET /v1/api/user/verify': () => signedInAnswer(EXP),
      'GET /v1/api/user/email-change': () => {
        answers += 1;
        return answers === 1
          ? json(503, { error: true, code: 'UNAVAILABLE' })
          : json(200, {
              error: false,
              pending: { newEmail: 'new@example.com', expiresAt: '2026-02-01T10:30:00.000Z' },
            });
      },
    },
  });
  const section = await screen.findByRole('region', { name: 'Change your email' });
  const alert = await within(section).findByText(/^We could not check whether an email change/);
  expect(alert).toHaveAttribute('role', 'alert');
  // The form to ask for a change stays usable meanwhile.
  expect(within(section).getByRole('button', { name: 'Send the code' })).toBeInTheDocument();
  await user.click(within(section).getByRole('button', { name: 'Try again' }));
  expect(
    await within(section).findByText(/We sent a 6-digit code to new@example\.com/),
  ).toBeInTheDocument();
  expect(within(section).queryByText(/could not check/)).not.toBeInTheDocument();
  expect(answers).toBe(2);
  expect(actions).toContainEqual({ type: 'account/emailChangeRetried' });
});
