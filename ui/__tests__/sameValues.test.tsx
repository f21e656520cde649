// Changing to what the account already has: the same password and the same address are refused
// by the server (a confirmed session sends no current password to compare), each under its field.
import { screen, waitFor, within } from '@testing-library/react';

import { json, signedInAnswer } from '../../testing/app/fetchStub';
import { renderApp } from '../../testing/app/renderApp';

afterEach(() => jest.restoreAllMocks());

async function openHome(section: string, api = {}) {
  const app = renderApp({
    path: `/?section=${section}`,
    storage: { token: 'tok' },
    api: {
      'GET /v1/api/user/verify': () => signedInAnswer(),
      'GET /v1/api/user/sessions': () => json(200, { error: false, sessions: [] }),
      'GET /v1/api/user/email-change': () => json(200, { error: false, pending: null }),
      // Confirmed a moment ago.
      'GET /v1/api/user/confirm': () => json(200, { error: false, until: 2e9 }),
      ...api,
    },
  });
  await screen.findByRole('button', { name: 'Log out' });
  return app;
}

it('shows the server refusing a new password equal to the current one', async () => {
  const { user } = await openHome('password', {
    'POST /v1/api/user/change-password': () =>
      json(400, { error: true, code: 'VALIDATION', fields: { newPassword: 'SAME_PASSWORD' } }),
  });
  const form = (await screen.findByLabelText('New password')).closest('form') as HTMLFormElement;
  await user.type(within(form).getByLabelText('New password'), 'same secret words');
  await user.click(within(form).getByRole('button', { name: 'Change password' }));
  await waitFor(() =>
    expect(within(form).getByLabelText('New password')).toHaveAccessibleDescription(
      /Choose a password different from your current one\./,
    ),
  );
});

it('shows the server refusing the address the account already has', async () => {
  const { user } = await openHome('profile', {
    'POST /v1/api/user/change-email': () =>
      json(400, { error: true, code: 'VALIDATION', fields: { newEmail: 'SAME_EMAIL' } }),
  });
  const form = (await screen.findByLabelText('New email')).closest('form') as HTMLFormElement;
  await user.type(within(form).getByLabelText('New email'), 'dara@example.com');
  await user.click(within(form).getByRole('button', { name: 'Send the code' }));
  await waitFor(() =>
    expect(within(form).getByLabelText('New email')).toHaveAccessibleDescription(
      'This is already the email of your account.',
    ),
  );
});
