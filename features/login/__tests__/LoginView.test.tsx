import { screen, waitFor, within } from '@testing-library/react';

import { navigationRequested } from '../../../store/router/routerSlice';
import { json, USER } from '../../../testing/app/fetchStub';
import { deferredResponse, renderApp } from '../../../testing/app/renderApp';

afterEach(() => jest.restoreAllMocks());

const LOGIN = 'POST /v1/api/user/login';

async function openLogin(api = {}) {
  const app = renderApp({ path: '/login', api });
  await screen.findByRole('heading', { name: 'Log in' });
  return app;
}

async function fillAndSubmit(
  user: ReturnType<typeof renderApp>['user'],
  email: string,
  password: string,
) {
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

it('links to sign-up and to account activation', async () => {
  await openLogin();
  expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  expect(screen.getByRole('link', { name: 'Activate your account' })).toHaveAttribute(
    'href',
    '/user/verify-account',
  );
});

it('labels every field and sets what browsers need to fill them in', async () => {
  await openLogin();
  // The browser's autofill offers the visitor's passkeys on this field too.
  expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'username webauthn');
  expect(screen.getByLabelText('Email')).toHaveAttribute('name', 'email');
  expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
  expect(screen.getByLabelText('Password')).toHaveAttribute('name', 'password');
  expect(document.querySelectorAll('button[type="submit"]')).toHaveLength(1);
});

it('shows and hides the password', async () => {
  const { user } = await openLogin();
  const password = screen.getByLabelText('Password');
  expect(password).toHaveAttribute('type', 'password');
  await user.click(screen.getByRole('button', { name: 'Show password' }));
  expect(password).toHaveAttribute('type', 'text');
  await user.click(screen.getByRole('button', { name: 'Hide password' }));
  expect(password).toHaveAttribute('type', 'password');
});

it('checks the fields before sending, ties each message to its field and focuses the first', async () => {
  const { user, requests, store } = await openLogin();
  await user.click(screen.getByRole('button', { name: 'Log in' }));

  const email = screen.getByLabelText('Email');
  expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(email).toHaveAccessibleDescription('Enter your email address.');
  expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password.');
  expect(email).toHaveFocus();
  expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  // The refusal is in the action log's story: the form and the codes, never the values.
  expect(store.actionLog.export()).toContain(
    String.raw`{\"type\":\"form/validationFailed\",\"payload\":{\"form\":\"login\",\"fields\":{\"email\":\"REQUIRED\",\"password\":\"REQUIRED\"}}}`,
  );

  await user.type(email, 'not-an-email');
  expect(email).toHaveAccessibleDescription('Enter an email address like name@example.com.');
  await user.type(email, '@example.com');
  expect(email).not.toHaveAttribute('aria-invalid');
});

it('disables the submit button while the request is pending', async () => {
  const answer = deferredResponse();
  const { user } = await openLogin({ [LOGIN]: answer.handler });
  await fillAndSubmit(user, USER.email, 'correct horse');

  expect(await screen.findByRole('button', { name: 'Logging in…' })).toBeDisabled();
  answer.release(json(401, { error: true, code: 'INVALID_CREDENTIALS' }));
  expect(await screen.findByRole('button', { name: 'Log in' })).toBeEnabled();
});

it.each([
  [401, { code: 'INVALID_CREDENTIALS' }, 'The email or the password is not right.'],
  [429, { code: 'RATE_LIMITED' }, 'Too many attempts. Please wait a minute, then try again.'],
  [500, { code: 'INTERNAL' }, 'Something went wrong on our side. Please try again in a moment.'],
  [418, { code: 'SOMETHING_NEW' }, 'Something unexpected happened. Please try again.'],
])('says what a %i %j answer means and focuses the message', async (status, body, sentence) => {
  const { user } = await openLogin({ [LOGIN]: () => json(status, { error: true, ...body }) });
  await fillAndSubmit(user, USER.email, 'correct horse');

  const alert = await screen.findByRole('alert');
  await waitFor(() => expect(alert).toHaveTextContent(sentence));
  expect(alert).toHaveFocus();
});

it('says when to try again after a refusal that gives a Retry-After', async () => {
  const refusal = () => json(429, { error: true, code: 'RATE_LIMITED' }, { 'Retry-After': '222' });
  const { user } = await openLogin({ [LOGIN]: refusal });
  await fillAndSubmit(user, USER.email, 'correct horse');
  const alert = await screen.findByRole('alert');
  await waitFor(() =>
    expect(alert).toHaveTextContent('Too many attempts. Please try again in 4 minutes.'),
  );
});

it('says when to try again in Khmer too', async () => {
  const refusal = () => json(429, { error: true, code: 'RATE_LIMITED' }, { 'Retry-After': '30' });
  const app = renderApp({
    path: '/login',
    storage: { localeRef: 'kh' },
    api: { [LOGIN]: refusal },
  });
  await app.user.type(await screen.findByLabelText('អ៊ីមែល'), USER.email);
  await app.user.type(screen.getByLabelText('ពាក្យសម្ងាត់'), 'correct horse');
  await app.user.click(screen.getByRole('button', { name: 'ចូលគណនី' }));
  const alert = await screen.findByRole('alert');
  await waitFor(() =>
    expect(alert).toHaveTextContent('អ្នកបានព្យាយាមច្រើនដងពេក។ សូមព្យាយាមម្ដងទៀតក្នុងរយៈពេល ១ នាទីទៀត។'),
  );
});

it('says when the server cannot be reached', async () => {
  const { user } = await openLogin({
    [LOGIN]: () => Promise.reject(new TypeError('fetch failed')),
  });
  await fillAndSubmit(user, USER.email, 'correct horse');
  expect(
    await screen.findByText('We could not reach the server. Check your connection and try again.'),
  ).toBeInTheDocument();
});

it('offers the activation view and a new code for an account that is not activated', async () => {
  const { user, sentTo } = await openLogin({
    [LOGIN]: () => json(403, { error: true, code: 'ACCOUNT_NOT_ACTIVATED' }),
    'POST /v1/api/user/resend-activation': () => json(202, { error: false }),
  });
  await fillAndSubmit(user, 'new@example.com', 'correct horse');

  const alert = await screen.findByRole('alert');
  await waitFor(() => expect(alert).toHaveTextContent(/not activated yet.*new@example\.com/));
  expect(within(alert).getByRole('link', { name: 'Enter the code' })).toHaveAttribute(
    'href',
    '/user/verify-account?email=new%40example.com',
  );

  await user.click(within(alert).getByRole('button', { name: 'Send a new code' }));
  expect(await screen.findByText('We sent a new code to new@example.com.')).toBeInTheDocument();
  expect(screen.getByText(/You can ask for another code in (60|59) seconds/)).toBeInTheDocument();
  expect(within(alert).getByRole('button', { name: 'Send a new code' })).toBeDisabled();
  expect(await sentTo('POST', '/v1/api/user/resend-activation')).toEqual([
    { email: 'new@example.com' },
  ]);
});

it('sends the trimmed email, and goes home once logged in', async () => {
  const { user, actions, effects, sentTo } = await openLogin({
    [LOGIN]: () => json(200, { error: false, token: 'tok-1', user: USER, signature: { exp: 2e9 } }),
  });
  await fillAndSubmit(user, `  ${USER.email} `, 'correct horse');

  expect(await screen.findByRole('heading', { name: `Hello, ${USER.name}` })).toBeInTheDocument();
  expect(actions).toContainEqual(navigationRequested({ to: '/' }));
  expect(effects.data.get('token')).toBe('tok-1');
  expect(await sentTo('POST', '/v1/api/user/login')).toEqual([
    { email: USER.email, password: 'correct horse' },
  ]);
});
