import { screen, waitFor, within } from '@testing-library/react';

import { json, USER } from '../../../testing/app/fetchStub';
import { renderApp, type ApiScript } from '../../../testing/app/renderApp';

afterEach(() => jest.restoreAllMocks());

const OPERATOR_SELF = `/v1/api/operator/users/${USER.id}`;
const SUMMARY = {
  id: 'u2',
  email: 'dara@example.com',
  name: 'Dara Sok',
  createdAt: '2026-01-10T08:00:00.000Z',
  activatedAt: '2026-01-10T08:05:00.000Z',
  lockedAt: null,
  operator: false,
  secondFactor: false,
  passkeys: [],
  sessions: [
    {
      id: 's1',
      openedBy: 'password',
      createdAt: '2026-01-12T08:00:00.000Z',
      lastUsedAt: '2026-01-14T08:00:00.000Z',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
    },
  ],
  lastSignInAt: '2026-01-12T08:00:00.000Z',
  providers: [
    {
      id: 'google',
      name: 'Google',
      email: 'dara.sok@gmail.example',
      createdAt: '2026-01-11T08:00:00.000Z',
    },
  ],
};
const UPLOAD = {
  reference: 'K7Q2-M9XD',
  createdAt: '2026-01-13T08:00:00.000Z',
  size: 20480,
  appVersion: '1.0.0',
  locale: 'en',
  device: 'Chrome on Linux',
  lastPath: '/login',
};
const EVENT = {
  id: 'e1',
  time: '2026-01-14T09:00:00.000Z',
  event: 'login',
  outcome: 'refused',
  status: 401,
  code: 'INVALID_CREDENTIALS',
  limit: { name: 'login-pair', left: 3, points: 5 },
  userId: 'u2',
  sessionId: null,
  addressHash: 'abcdef0123456789',
  logId: null,
  requestId: null,
  operatorId: null,
};
const FORBIDDEN = () => json(403, { error: true, code: 'FORBIDDEN', message: 'Only an operator.' });
const CONFIRM_FIRST = () =>
  json(403, { error: true, code: 'CONFIRMATION_REQUIRED', message: 'Confirm it is you.' });
const SELF_OK = () =>
  json(200, { error: false, user: { ...SUMMARY, ...USER, operator: true, secondFactor: true } });

/** A confirmed operator's console: search, a user's page and record, and its actions. */
function operatorApi(overrides: ApiScript = {}): ApiScript {
  let locked: string | null = null;
  return {
    [`GET ${OPERATOR_SELF}`]: SELF_OK,
    'GET /v1/api/operator/users': (request) =>
      json(200, {
        error: false,
        users: new URL(request.url).searchParams.get('email') === 'dara' ? [SUMMARY] : [],
      }),
    'GET /v1/api/operator/users/u2': () =>
      json(200, { error: false, user: { ...SUMMARY, lockedAt: locked } }),
    'GET /v1/api/operator/users/u2/events': () =>
      json(200, { error: false, events: [EVENT], next: null }),
    'GET /v1/api/operator/users/u2/uploads': () => json(200, { error: false, uploads: [UPLOAD] }),
    'POST /v1/api/operator/users/u2/lock': () => {
      locked = '2026-01-15T03:00:00.000Z';
      return json(200, { error: false });
    },
    'POST /v1/api/operator/users/u2/unlock': () => {
      locked = null;
      return json(200, { error: false });
    },
    ...overrides,
  };
}

function openConsole(api: ApiScript, options: { path?: string; localeRef?: string } = {}) {
  return renderApp({
    path: options.path ?? '/operator',
    storage: { token: 'tok', ...(options.localeRef ? { localeRef: options.localeRef } : {}) },
    api: {
      'GET /v1/api/user/sessions': () => json(200, { error: false, sessions: [] }),
      'GET /v1/api/user/email-change': () => json(200, { error: false, pending: null }),
      'GET /v1/api/user/confirm': () => json(200, { error: false, until: null }),
      'GET /v1/api/user/passkeys': () => json(200, { error: false, passkeys: [] }),
      ...api,
    },
  });
}

it('sends a guest to the login', async () => {
  const app = renderApp({ path: '/operator' });
  await screen.findByRole('heading', { name: 'Log in' });
  expect(app.store.getState().router.location?.pathname).toBe('/login');
});

it.each([
  ['en', 'The support console is for operators only, so you are back on your account page.'],
  ['kh', 'កុងសូលជំនួយសម្រាប់តែប្រតិបត្តិករប៉ុណ្ណោះ ដូច្នេះអ្នកត្រឡប់មកទំព័រគណនីរបស់អ្នកវិញ។'],
])('sends someone not an operator home, saying why in %s', async (localeRef, said) => {
  const app = openConsole(
    {
      [`GET ${OPERATOR_SELF}`]: FORBIDDEN,
      'GET /v1/api/user/totp': () =>
        json(200, { error: false, enabled: false, recoveryCodesLeft: 0 }),
    },
    { localeRef },
  );
  await waitFor(() =>
    expect(screen.getAllByRole('status').some((s) => s.textContent?.includes(said))).toBe(true),
  );
  expect(app.store.getState().router.location?.pathname).toBe('/');
  expect(app.store.getState().operator?.access).toBe('forbidden');
});

it('asks an operator with two-step sign-in for the password and code, then opens', async () => {
  let confirmed = false;
  const app = openConsole(
    operatorApi({
      [`GET ${OPERATOR_SELF}`]: () => (confirmed ? SELF_OK() : CONFIRM_FIRST()),
      'GET /v1/api/user/totp': () =>
        json(200, { error: false, enabled: true, recoveryCodesLeft: 8 }),
      'POST /v1/api/user/confirm': () => {
        confirmed = true;
        return json(200, { error: false, until: Math.floor(Date.now() / 1000) + 600 });
      },
    }),
  );
  await screen.findByText(/a password alone is not enough/);
  await app.user.type(await screen.findByLabelText('Password'), 'correct horse');
  await app.user.type(screen.getByLabelText(/code/i, { selector: 'input' }), '123456');
  await app.user.click(screen.getByRole('button', { name: 'Confirm' }));
  await screen.findByRole('heading', { name: 'Find a user' });
  expect(await app.sentTo('POST', '/v1/api/user/confirm')).toEqual([
    { password: 'correct horse', code: '123456' },
  ]);
});

it('tells an operator with neither two-step sign-in nor a passkey to set one up', async () => {
  openConsole({
    [`GET ${OPERATOR_SELF}`]: CONFIRM_FIRST,
    'GET /v1/api/user/totp': () =>
      json(200, { error: false, enabled: false, recoveryCodesLeft: 0 }),
  });
  await screen.findByText(/Your account has neither: set one up first/);
  expect(
    screen.getByRole('link', { name: 'Set up two-step sign-in or a passkey' }),
  ).toHaveAttribute('href', '/?section=security');
  expect(screen.queryByLabelText('Password')).toBeNull();
});

it('says when it cannot ask, and asks again on "Try again"', async () => {
  let fail = true;
  const app = openConsole(
    operatorApi({
      [`GET ${OPERATOR_SELF}`]: () =>
        fail ? json(503, { error: true, code: 'UNAVAILABLE', message: 'Busy' }) : SELF_OK(),
    }),
  );
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(/This could not be loaded/);
  fail = false;
  await app.user.click(screen.getByRole('button', { name: 'Try again' }));
  await screen.findByRole('heading', { name: 'Find a user' });
});

it('finds a user, reads their record in words, and locks and unlocks them after a confirmation', async () => {
  const app = openConsole(operatorApi());
  await app.user.type(await screen.findByLabelText('Email or user id'), 'dara');
  await app.user.click(screen.getByRole('button', { name: 'Find' }));
  await screen.findByText('1 user found');
  await app.user.click(screen.getByRole('link', { name: 'dara@example.com' }));
  await screen.findByRole('heading', { name: 'dara@example.com' });
  expect(app.store.getState().router.location?.search).toBe('?user=u2');
  const record = screen.getByRole('region', { name: 'Record, newest first' });
  await within(record).findByText(
    'login 401 INVALID_CREDENTIALS, try 2 of 5 for this email from this address',
  );
  expect(screen.getByText('Password, last used', { exact: false })).toBeInTheDocument();
  expect(screen.getByText('Sign-in providers').nextSibling).toHaveTextContent(
    /^Google \(dara\.sok@gmail\.example\), since /,
  );
  const uploads = screen.getByRole('region', { name: 'Activity logs sent' });
  await within(uploads).findByText(/^Sent .*, 20 KB$/);
  expect(within(uploads).getByText('Last page: /login')).toBeInTheDocument();
  const open = within(uploads).getByRole('button', { name: 'Open K7Q2-M9XD in the replay page' });
  const form = open.closest('form')!;
  expect(form.getAttribute('action')).toBe('/replay.html');
  expect(form).toHaveFormValues({ upload: 'K7Q2-M9XD' });
  expect(form.getAttribute('method')).toBe('get');

  await app.user.click(screen.getByRole('button', { name: 'Lock the account' }));
  const ask = screen.getByRole('group', { name: 'Lock the account' });
  expect(ask).toHaveTextContent('Lock dara@example.com?');
  expect(await app.sentTo('POST', '/v1/api/operator/users/u2/lock')).toEqual([]);
  await app.user.click(within(ask).getByRole('button', { name: 'Yes, go on' }));
  await screen.findByText('The account is locked and its sessions ended; the user was mailed.');
  await screen.findByRole('button', { name: 'Unlock the account' });
  expect(app.requests.filter((r) => r.url.endsWith('/u2/lock'))).toHaveLength(1);

  await app.user.click(screen.getByRole('button', { name: 'Unlock the account' }));
  await app.user.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(app.requests.filter((r) => r.url.endsWith('/u2/unlock'))).toHaveLength(0);
  await app.user.click(screen.getByRole('button', { name: 'Unlock the account' }));
  await app.user.click(screen.getByRole('button', { name: 'Yes, go on' }));
  await screen.findByText('The account is unlocked; the user was mailed.');
  await screen.findByRole('button', { name: 'Lock the account' });
});

it('asks for a new confirmation when the console’s lapses mid-way', async () => {
  let lapsed = false;
  const app = openConsole(
    operatorApi({
      [`GET ${OPERATOR_SELF}`]: () => (lapsed ? CONFIRM_FIRST() : SELF_OK()),
      'GET /v1/api/operator/users': () =>
        lapsed ? CONFIRM_FIRST() : json(200, { error: false, users: [] }),
      'GET /v1/api/user/totp': () =>
        json(200, { error: false, enabled: true, recoveryCodesLeft: 8 }),
    }),
  );
  await app.user.type(await screen.findByLabelText('Email or user id'), 'x');
  lapsed = true;
  await app.user.click(screen.getByRole('button', { name: 'Find' }));
  await screen.findByText('Your confirmation has ended. Confirm it is you again to go on.');
  expect(await screen.findByLabelText('Password')).toBeInTheDocument();
});

it('shows the console in Khmer', async () => {
  openConsole(operatorApi(), { localeRef: 'kh' });
  await screen.findByRole('heading', { name: 'កុងសូលជំនួយ' });
  await screen.findByRole('heading', { name: 'ស្វែងរកអ្នកប្រើ' });
});

it("shows a user's providers and sent logs in Khmer", async () => {
  openConsole(operatorApi(), { localeRef: 'kh', path: '/operator?user=u2' });
  await screen.findByRole('heading', { name: 'dara@example.com' });
  expect(screen.getByText('អ្នកផ្តល់សេវាចូលគណនី').nextSibling).toHaveTextContent(
    /^Google \(dara\.sok@gmail\.example\) តាំងពី /,
  );
  const uploads = screen.getByRole('region', { name: 'កំណត់ហេតុសកម្មភាពដែលបានផ្ញើ' });
  await within(uploads).findByText(/^បានផ្ញើ .* ទំហំ ២០ KB$/);
  expect(
    within(uploads).getByRole('button', { name: 'បើក K7Q2-M9XD ក្នុងទំព័រចាក់ឡើងវិញ' }),
  ).toBeInTheDocument();
});
