// Changing to what the account already has: the same password is refused before anything is
// sent, the same address by the server, each under its field.
import { screen, waitFor, within } from '@testing-library/react';

import { json, signedInAnswer } from '../../../../testing/app/fetchStub';
import { renderApp } from '../../../../testing/app/renderApp';

afterEach(() => jest.restoreAllMocks());

async function openHome(api = {}) {
  const app = renderApp({
    path: '/',
    storage: { token: 'tok' },
    api: {
      'GET /v1/api/user/verify': () => signedInAnswer(),
      'GET /v1/api/user/sessions': () => json(200, { error: false, sessions: [] }),
      'GET /v1/api/user/email-change': () => json(200, { error: false, pending: null }),
      ...api,
    },
  });
  await screen.findByRole('button', { name: 'Log out' });
  return app;
}

it('refuses a new password equal to the current one without sending it', async () => {
  const { user, requests } = await openHome();
  const form = screen.getByLabelText('Current password').closest('form') as HTMLFormElement;
  await user.type(within(form).getByLabelText('Current password'), 'same secret words');
  await user.type(within(form).getByLabelText('New password'), 'same secret words');
  await user.click(within(form).getByRole('button', { name: 'Change password' }));
  expect(within(form).getByLabelText('New password')).toHaveAccessibleDescription(
    /Choose a password different from your current one\./,
  );
  expect(requests.filter((r) => r.url.endsWith('/change-password'))).toHaveLength(0);
});

it('shows the server refusing the address the account already has', async () => {
  const { user } = await openHome({
    'POST /v1/api/user/change-email': () =>
      json(400, { error: true, code: 'VALIDATION', fields: { newEmail: 'SAME_EMAIL' } }),
  });
  const form = (await screen.findByLabelText('New email')).closest('form') as HTMLFormElement;
  await user.type(within(form).getByLabelText('Password'), 'my secret words');
  await user.type(within(form).getByLabelText('New email'), 'dara@example.com');
  await user.click(within(form).getByRole('button', { name: 'Send the code' }));
  await waitFor(() =>
    expect(within(form).getByLabelText('New email')).toHaveAccessibleDescription(
      'This is already the email of your account.',
    ),
  );
});
