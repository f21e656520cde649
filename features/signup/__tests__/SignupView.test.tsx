import { screen, waitFor } from '@testing-library/react';

import { navigationRequested } from '../../../store/router/routerSlice';
import { json } from '../../../testing/app/fetchStub';
import { deferredResponse, renderApp } from '../../../testing/app/renderApp';

afterEach(() => jest.restoreAllMocks());

const SIGNUP = 'POST /v1/api/user/signup';

async function openSignup(api = {}) {
  const app = renderApp({ path: '/signup', api });
  await screen.findByRole('heading', { name: 'Create your account' });
  return app;
}

async function fill(
  user: ReturnType<typeof renderApp>['user'],
  name: string,
  email: string,
  password: string,
) {
  if (name) await user.type(screen.getByLabelText('Name'), name);
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
}

it('links to log-in and to account activation', async () => {
  await openSignup();
  expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  expect(screen.getByRole('link', { name: 'Activate your account' })).toHaveAttribute(
    'href',
    '/user/verify-account',
  );
});

it('asks browsers for a new password and says how long it must be', async () => {
  await openSignup();
  expect(screen.getByLabelText('Name')).toHaveAttribute('autocomplete', 'name');
  const password = screen.getByLabelText('Password');
  expect(password).toHaveAttribute('autocomplete', 'new-password');
  expect(password).toHaveAccessibleDescription('At least 8 characters.');
});

it('checks every field with the shared rules before sending', async () => {
  const { user, requests } = await openSignup();
  await fill(user, '   ', 'someone@', 'short');
  await user.click(screen.getByRole('button', { name: 'Sign up' }));

  expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Enter your name.');
  expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
    'Enter an email address like name@example.com.',
  );
  expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
    'At least 8 characters. Use at least 8 characters.',
  );
  expect(screen.getByLabelText('Name')).toHaveFocus();
  expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
});

it('shows the server field codes by their fields and focuses the first', async () => {
  const { user } = await openSignup({
    [SIGNUP]: () =>
      json(400, {
        error: true,
        code: 'VALIDATION',
        fields: { email: 'TOO_LONG', password: 'COMMON_PASSWORD' },
      }),
  });
  await fill(user, 'Dara', 'dara@example.com', 'password123');
  await user.click(screen.getByRole('button', { name: 'Sign up' }));

  const email = screen.getByLabelText('Email');
  await waitFor(() => expect(email).toHaveAccessibleDescription('Use at most 254 characters.'));
  expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(email).toHaveFocus();
  expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
    'At least 8 characters. This password is too common. Choose one that is harder to guess.',
  );
  expect(screen.getByRole('alert')).toHaveTextContent('Some details need fixing');
});

it('says when too many accounts were asked for', async () => {
  const { user } = await openSignup({
    [SIGNUP]: () => json(429, { error: true, code: 'RATE_LIMITED' }),
  });
  await fill(user, 'Dara', 'dara@example.com', 'long enough');
  await user.click(screen.getByRole('button', { name: 'Sign up' }));
  await waitFor(() =>
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a minute, then try again.',
    ),
  );
});

it('is busy while signing up, then goes to activation with the address filled in', async () => {
  const answer = deferredResponse();
  const { user, actions, sentTo } = await openSignup({ [SIGNUP]: answer.handler });
  await fill(user, ' Dara Sok ', 'dara@example.com', 'long enough');
  await user.click(screen.getByRole('button', { name: 'Sign up' }));

  expect(await screen.findByRole('button', { name: 'Signing up…' })).toBeDisabled();
  answer.release(json(201, { error: false, email: 'dara@example.com' }));

  await screen.findByRole('heading', { name: 'Activate your account' });
  expect(actions).toContainEqual(
    navigationRequested({ to: '/user/verify-account?email=dara%40example.com' }),
  );
  expect(screen.getByLabelText('Email')).toHaveValue('dara@example.com');
  // The address is its own element within the sentence (it wraps at its @ and dots).
  expect(document.querySelector('.card__intro')).toHaveTextContent(
    'We sent a 6-digit code to dara@example.com.',
  );
  expect(await sentTo('POST', '/v1/api/user/signup')).toEqual([
    { name: 'Dara Sok', email: 'dara@example.com', password: 'long enough' },
  ]);
});

it('says while the password is typed whether it is too easy to guess, and why', async () => {
  const { user } = await openSignup();
  await fill(user, 'Sokha Chan', 'sokha@example.com', '');
  const password = screen.getByLabelText('Password');
  await user.type(password, 'aaaaaaaa');
  await waitFor(() =>
    expect(password).toHaveAccessibleDescription(
      'At least 8 characters. This password repeats itself (like aaaaaaaa or abcabc). Choose one that is harder to guess.',
    ),
  );
  await user.clear(password);
  await user.type(password, 'sokhachan1');
  await waitFor(() =>
    expect(password).toHaveAccessibleDescription(
      /made of your name, your email or the name Accounts/,
    ),
  );
  await user.clear(password);
  await user.type(password, 'river of blue mangoes');
  await waitFor(() =>
    expect(password).toHaveAccessibleDescription(
      'At least 8 characters. Hard to guess: a good password.',
    ),
  );
});
