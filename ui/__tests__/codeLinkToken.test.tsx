// The mailed link's token goes beside the code, and a code refused for too many tries points the
// visitor to that link.
import { screen, waitFor } from '@testing-library/react';

import { json, signedInAnswer } from '../../testing/app/fetchStub';
import { renderApp } from '../../testing/app/renderApp';

afterEach(() => jest.restoreAllMocks());

const TOKEN = 'Zm9yIHRoZSBvd25lciBvbmx5LCBmcm9tIHRoZSBtYWls';
const SPENT = () =>
  json(429, { error: true, code: 'RATE_LIMITED', message: 'Too many' }, { 'retry-after': '900' });

it("activation sends the link's token as linkToken, and a refusal points to the latest mail", async () => {
  const { user, sentTo } = renderApp({
    path: `/user/verify-account?email=dara%40example.com&code=123456&token=${TOKEN}`,
    api: { 'POST /v1/api/user/verify-account': SPENT },
  });
  await screen.findByRole('heading', { name: 'Activate your account' });
  await user.type(screen.getByLabelText('Password'), 'blue mango river');
  await user.click(screen.getByRole('button', { name: 'Activate' }));
  await waitFor(() =>
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Too many wrong codes were tried for this email',
    ),
  );
  expect(screen.getByRole('alert')).toHaveTextContent('Open the link in the latest email');
  expect(await sentTo('POST', '/v1/api/user/verify-account')).toEqual([
    {
      email: 'dara@example.com',
      code: '123456',
      password: 'blue mango river',
      linkToken: TOKEN,
    },
  ]);
});

it('a typed code goes without a token', async () => {
  const { user, sentTo } = renderApp({
    path: '/user/verify-account?email=dara%40example.com',
    api: { 'POST /v1/api/user/verify-account': SPENT },
  });
  await screen.findByRole('heading', { name: 'Activate your account' });
  await user.type(screen.getByLabelText('Activation code'), '123456');
  await user.type(screen.getByLabelText('Password'), 'blue mango river');
  await user.click(screen.getByRole('button', { name: 'Activate' }));
  await screen.findByRole('alert');
  expect(await sentTo('POST', '/v1/api/user/verify-account')).toEqual([
    { email: 'dara@example.com', code: '123456', password: 'blue mango river' },
  ]);
});

it("password reset sends the link's token as linkToken, and a refusal points to the latest mail", async () => {
  const { user, sentTo } = renderApp({
    path: `/user/reset-password?email=dara%40example.com&code=654321&token=${TOKEN}`,
    api: { 'POST /v1/api/user/reset-password': SPENT },
  });
  await screen.findByRole('heading', { name: 'Choose a new password' });
  await user.type(screen.getByLabelText('New password'), 'a brand new river');
  await user.click(screen.getByRole('button', { name: 'Save and log in' }));
  await waitFor(() =>
    expect(screen.getByRole('alert')).toHaveTextContent('Open the link in the latest email'),
  );
  expect(await sentTo('POST', '/v1/api/user/reset-password')).toEqual([
    {
      email: 'dara@example.com',
      code: '654321',
      password: 'a brand new river',
      linkToken: TOKEN,
    },
  ]);
});

it("the email change sends the link's token as linkToken, and a refusal points to the latest mail", async () => {
  const { user, sentTo } = renderApp({
    path: `/?email-code=246810&token=${TOKEN}`,
    storage: { token: 'tok' },
    api: {
      'GET /v1/api/user/verify': () => signedInAnswer(),
      'GET /v1/api/user/sessions': () => json(200, { error: false, sessions: [] }),
      'GET /v1/api/user/email-change': () =>
        json(200, {
          error: false,
          pending: { newEmail: 'new@example.com', expiresAt: '2030-01-01T00:00:00.000Z' },
        }),
      'POST /v1/api/user/confirm-email-change': SPENT,
    },
  });
  expect(await screen.findByLabelText('Confirmation code')).toHaveValue('246810');
  await user.click(screen.getByRole('button', { name: 'Confirm the new email' }));
  expect(await screen.findByText(/Open the link in the latest email/)).toBeInTheDocument();
  expect(await sentTo('POST', '/v1/api/user/confirm-email-change')).toEqual([
    { code: '246810', linkToken: TOKEN },
  ]);
});
