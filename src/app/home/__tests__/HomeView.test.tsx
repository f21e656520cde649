import { screen, waitFor, within } from '@testing-library/react';

import { logoutRequested } from '../../../../store/authSlice';
import { json, signedInAnswer, USER } from '../../../../testing/app/fetchStub';
import { renderApp, type ApiScript } from '../../../../testing/app/renderApp';

afterEach(() => jest.restoreAllMocks());

// 2026-02-01 10:30 UTC
const EXP = Date.UTC(2026, 1, 1, 10, 30) / 1000;
/** The fake clock's time (testing/app/fakeEffects.ts), in Unix seconds. */
const NOW = Date.UTC(2026, 0, 15, 3, 0, 0) / 1000;
const SESSION = {
  id: 'session-1',
  createdAt: '2026-01-15T03:00:00.000Z',
  lastUsedAt: '2026-01-15T03:00:00.000Z',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36',
  current: true,
};
const OTHER = { ...SESSION, id: 'session-2', current: false };

/** What home asks for as it opens, answered as a server would. */
const HOME: ApiScript = {
  'GET /v1/api/user/verify': (request) =>
    request.headers.get('Authorization') ? signedInAnswer(EXP) : json(401, { error: true }),
  'POST /v1/api/user/logout': () => json(200, { error: false }),
  'GET /v1/api/user/sessions': () => json(200, { error: false, sessions: [SESSION, OTHER] }),
  'GET /v1/api/user/totp': () => json(200, { error: false, enabled: true, recoveryCodesLeft: 8 }),
  'GET /v1/api/user/passkeys': () => json(200, { error: false, passkeys: [] }),
  'GET /v1/api/user/email-change': () => json(200, { error: false, pending: null }),
  'GET /v1/api/user/confirm': () => json(200, { error: false, until: null }),
};

async function openHome(options: { localeRef?: string; path?: string; api?: ApiScript } = {}) {
  const app = renderApp({
    path: options.path ?? '/',
    storage: { token: 'tok', ...(options.localeRef ? { localeRef: options.localeRef } : {}) },
    api: { ...HOME, ...options.api },
  });
  await screen.findByRole('button', { name: /Log out|ចាកចេញ/ });
  return app;
}

it("opens on an overview: the user's name and email, devices, two-step sign-in, passkeys, the session's end", async () => {
  await openHome();
  const heading = screen.getByRole('heading', { name: `Hello, ${USER.name}` });
  // The heading has the focus: no field below the first screenful takes it.
  await waitFor(() => expect(heading).toHaveFocus());
  expect(screen.getByText(USER.email)).toBeInTheDocument();
  expect(await screen.findByText('2 devices')).toBeInTheDocument();
  expect(await screen.findByText('On')).toBeInTheDocument();
  expect(await screen.findByText('0 passkeys')).toBeInTheDocument();
  const expiry = screen.getByText(/2026/);
  expect(expiry).toHaveAttribute('datetime', '2026-02-01T10:30:00.000Z');
  expect(expiry).toHaveTextContent(/February 1, 2026/);
  // Settings wait closed in their sections: no field on the overview.
  expect(document.querySelectorAll('input')).toHaveLength(0);
  const settings = screen.getByRole('navigation', { name: 'Settings' });
  for (const title of ['Email', 'Password', 'Passkeys', 'Two-step sign-in']) {
    expect(within(settings).getByRole('link', { name: title })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  }
});

it('writes the overview in Khmer, with Khmer digits', async () => {
  await openHome({ localeRef: 'kh' });
  const expiry = document.querySelector('time');
  expect(expiry).toHaveTextContent(/កុម្ភៈ/);
  expect(screen.getByRole('heading', { name: `សួស្ដី ${USER.name}` })).toBeInTheDocument();
  expect(await screen.findByText('ឧបករណ៍ចំនួន ២')).toBeInTheDocument();
});

it('opens one section at a time, in the address, and Back closes it', async () => {
  const { user, effects, store } = await openHome();
  const settings = screen.getByRole('navigation', { name: 'Settings' });
  const password = within(settings).getByRole('link', { name: 'Password' });
  await user.click(password);
  await waitFor(() => expect(password).toHaveAttribute('aria-expanded', 'true'));
  expect(store.getState().router.location?.search).toBe('?section=password');
  // The focus stays on the section just opened, never on <body>.
  await waitFor(() => expect(password).toHaveFocus());
  expect(
    await screen.findByText(/^To change your password, first confirm it is you\./),
  ).toBeVisible();

  const passkeys = within(settings).getByRole('link', { name: 'Passkeys' });
  await user.click(passkeys);
  await waitFor(() => expect(passkeys).toHaveAttribute('aria-expanded', 'true'));
  expect(password).toHaveAttribute('aria-expanded', 'false');
  expect(document.querySelectorAll('.home-section__panel')).toHaveLength(1);

  effects.history.replace('/');
  await waitFor(() => expect(passkeys).toHaveAttribute('aria-expanded', 'false'));
});

it('asks once to confirm it is you, with the code where two-step sign-in is on, then changes without a password', async () => {
  const { user, sentTo } = await openHome({
    path: '/?section=password',
    api: {
      'POST /v1/api/user/confirm': () => json(200, { error: false, until: NOW + 600 }),
      'POST /v1/api/user/change-password': () => json(200, { error: false }),
    },
  });
  const section = await screen.findByRole('region', { name: 'Password' });
  const code = await within(section).findByLabelText('Code from your authenticator app');
  await user.type(within(section).getByLabelText('Password'), 'correct horse');
  await user.type(code, '123456');
  await user.click(within(section).getByRole('button', { name: 'Confirm' }));
  const newPassword = await within(section).findByLabelText('New password');
  // What the confirmation opened has the focus.
  await waitFor(() => expect(newPassword).toHaveFocus());
  expect(await sentTo('POST', '/v1/api/user/confirm')).toEqual([
    { password: 'correct horse', code: '123456' },
  ]);
  await user.type(newPassword, 'a new long passphrase');
  await user.click(within(section).getByRole('button', { name: 'Change password' }));
  const changed = await within(section).findByText(/Your password was changed/);
  await waitFor(() => expect(changed).toHaveFocus());
  expect(await sentTo('POST', '/v1/api/user/change-password')).toEqual([
    { newPassword: 'a new long passphrase' },
  ]);

  // The other sections ask nothing more while the confirmation lasts.
  await user.click(screen.getByRole('link', { name: 'Delete your account' }));
  const deletion = await screen.findByRole('region', { name: 'Delete your account' });
  expect(await within(deletion).findByRole('checkbox')).toBeInTheDocument();
  expect(within(deletion).queryByLabelText('Password')).not.toBeInTheDocument();
});

it('asks again, saying why, once the server refuses for want of a confirmation', async () => {
  const { user } = await openHome({
    path: '/?section=password',
    api: {
      'GET /v1/api/user/confirm': () => json(200, { error: false, until: NOW + 600 }),
      'POST /v1/api/user/change-password': () =>
        json(403, { error: true, code: 'CONFIRMATION_REQUIRED' }),
    },
  });
  const section = await screen.findByRole('region', { name: 'Password' });
  await user.type(await within(section).findByLabelText('New password'), 'a new long passphrase');
  await user.click(within(section).getByRole('button', { name: 'Change password' }));
  expect(
    await within(section).findByText(
      'Your confirmation has ended. Confirm it is you again to go on.',
    ),
  ).toBeInTheDocument();
  expect(within(section).getByLabelText('Password')).toBeInTheDocument();
});

it('forgets the confirmation when it ends, and asks again', async () => {
  const { effects } = await openHome({
    path: '/?section=password',
    api: { 'GET /v1/api/user/confirm': () => json(200, { error: false, until: NOW + 1 }) },
  });
  const section = await screen.findByRole('region', { name: 'Password' });
  await within(section).findByLabelText('New password');
  effects.setNow((NOW + 2) * 1000);
  expect(
    await within(section).findByText(
      /^To change your password, first confirm it is you\./,
      {},
      { timeout: 3000 },
    ),
  ).toBeInTheDocument();
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
  const { user, actions } = await openHome({
    path: '/?section=sessions',
    api: {
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
  const { user, actions } = await openHome({
    path: '/?section=profile',
    api: {
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
  const section = await screen.findByRole('region', { name: 'Email' });
  const alert = await within(section).findByText(/^We could not check whether an email change/);
  expect(alert).toHaveAttribute('role', 'alert');
  // Asking for a change stays possible meanwhile (once it is confirmed to be you).
  expect(within(section).getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
  await user.click(within(section).getByRole('button', { name: 'Try again' }));
  expect(
    await within(section).findByText(/We sent a 6-digit code to new@example\.com/),
  ).toBeInTheDocument();
  expect(within(section).queryByText(/could not check/)).not.toBeInTheDocument();
  expect(answers).toBe(2);
  expect(actions).toContainEqual({ type: 'account/emailChangeRetried' });
  // The overview says it too.
  expect(screen.getByText(/Changing to new@example\.com/)).toBeInTheDocument();
});
