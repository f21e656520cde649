// The activation view when the code is right but the password is not one chosen at sign-up: it
// says so, and lets the code's holder choose a new password with the same code.
import { screen, waitFor } from '@testing-library/react';

import { json, USER } from '../../../testing/app/fetchStub';
import { renderApp } from '../../../testing/app/renderApp';

afterEach(() => jest.restoreAllMocks());

const ACTIVATE = 'POST /v1/api/user/verify-account';
const SIGNED_IN = { error: false, token: 'tok-2', user: USER, signature: { exp: 2e9 } };

async function openActivation(search: string, api = {}, localeRef?: string) {
  const app = renderApp({
    path: `/user/verify-account${search}`,
    api,
    storage: localeRef ? { localeRef } : {},
  });
  await screen.findByRole('heading', { level: 1 });
  return app;
}

it('says the code is right but the password is not the one chosen, and offers a new one', async () => {
  let answers = 0;
  const { user, sentTo, effects } = await openActivation('?email=dara%40example.com&code=123456', {
    [ACTIVATE]: () =>
      ++answers === 1
        ? json(400, { error: true, code: 'PASSWORD_NOT_CHOSEN' })
        : json(200, SIGNED_IN),
  });
  await user.type(screen.getByLabelText('Password'), 'not what I chose');
  await user.click(screen.getByRole('button', { name: 'Activate' }));
  await waitFor(() =>
    expect(screen.getByRole('alert')).toHaveTextContent(
      'That code is right, but this is not the password chosen at sign-up.',
    ),
  );
  expect(screen.queryByText(/That code is wrong/)).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Choose a new password' }));
  const fresh = screen.getByLabelText('New password');
  expect(fresh).toHaveAttribute('name', 'newPassword');
  expect(fresh).toHaveAttribute('autocomplete', 'new-password');
  expect(fresh).toHaveFocus();
  expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  // The email and the code stay as typed.
  expect(screen.getByLabelText('Activation code')).toHaveValue('123456');

  await user.type(fresh, 'a whole new phrase');
  await user.click(screen.getByRole('button', { name: 'Save and activate' }));
  await screen.findByRole('heading', { name: `Hello, ${USER.name}` });
  expect(effects.data.get('token')).toBe('tok-2');
  expect(await sentTo('POST', '/v1/api/user/verify-account')).toEqual([
    { email: 'dara@example.com', code: '123456', password: 'not what I chose' },
    { email: 'dara@example.com', code: '123456', newPassword: 'a whole new phrase' },
  ]);
});

it('opens the new-password step straight from the link of a password-reset mail', async () => {
  const { user, sentTo, requests } = await openActivation(
    '?email=dara%40example.com&code=654321&choose=1',
    { [ACTIVATE]: () => json(200, SIGNED_IN) },
  );
  expect(
    screen.getByText(/Enter the 6-digit code from the email and choose a new password\./),
  ).toBeInTheDocument();
  expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Save and activate' }));
  expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
    /At least 8 characters\. Choose a new password\./,
  );
  expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

  await user.type(screen.getByLabelText('New password'), 'short');
  await user.click(screen.getByRole('button', { name: 'Save and activate' }));
  expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
    /Use at least 8 characters\./,
  );
  await user.clear(screen.getByLabelText('New password'));
  await user.type(screen.getByLabelText('New password'), 'a whole new phrase');
  await user.click(screen.getByRole('button', { name: 'Save and activate' }));
  await screen.findByRole('heading', { name: `Hello, ${USER.name}` });
  expect(await sentTo('POST', '/v1/api/user/verify-account')).toEqual([
    { email: 'dara@example.com', code: '654321', newPassword: 'a whole new phrase' },
  ]);
});

it('shows the server refusing a common new password under its field', async () => {
  const { user } = await openActivation('?email=dara%40example.com&code=654321&choose=1', {
    [ACTIVATE]: () =>
      json(400, { error: true, code: 'VALIDATION', fields: { newPassword: 'COMMON_PASSWORD' } }),
  });
  await user.type(screen.getByLabelText('New password'), 'password123');
  await user.click(screen.getByRole('button', { name: 'Save and activate' }));
  await waitFor(() =>
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      /This password is too common\./,
    ),
  );
});

it('says it in Khmer', async () => {
  const { user } = await openActivation(
    '?email=dara%40example.com&code=123456',
    { [ACTIVATE]: () => json(400, { error: true, code: 'PASSWORD_NOT_CHOSEN' }) },
    'kh',
  );
  await user.type(screen.getByLabelText('ពាក្យសម្ងាត់'), 'not what I chose');
  await user.click(screen.getByRole('button', { name: 'បើកដំណើរការ' }));
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('លេខកូដនោះត្រឹមត្រូវ'));
  await user.click(screen.getByRole('button', { name: 'ជ្រើសរើសពាក្យសម្ងាត់ថ្មី' }));
  expect(screen.getByLabelText('ពាក្យសម្ងាត់ថ្មី')).toHaveFocus();
  expect(screen.getByRole('button', { name: 'រក្សាទុក ហើយបើកដំណើរការ' })).toBeInTheDocument();
});
