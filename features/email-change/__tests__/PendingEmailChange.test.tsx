// Home shows the email change the server keeps waiting for its code: after a reload, on another
// device, and from the mail's link with the code filled in; it can send a new code or cancel.
import { screen, waitFor } from '@testing-library/react';

import { json, signedInAnswer } from '../../../testing/app/fetchStub';
import { renderApp } from '../../../testing/app/renderApp';

afterEach(() => jest.restoreAllMocks());

const PENDING = 'GET /v1/api/user/email-change';
const RESEND = 'POST /v1/api/user/email-change/resend';
const CANCEL = 'DELETE /v1/api/user/email-change';
const pending = (newEmail: string | null) =>
  json(200, {
    error: false,
    pending: newEmail ? { newEmail, expiresAt: '2030-01-01T00:00:00.000Z' } : null,
  });

/** The fake clock's time (testing/app/fakeEffects.ts), in Unix seconds. */
const NOW = Date.UTC(2026, 0, 15, 3, 0, 0) / 1000;
/** Home with its "Email" section open. */
const PROFILE = '/?section=profile';

async function openHome(path = PROFILE, api = {}, localeRef?: string) {
  const app = renderApp({
    path,
    storage: { token: 'tok', ...(localeRef ? { localeRef } : {}) },
    api: {
      'GET /v1/api/user/verify': () => signedInAnswer(),
      'GET /v1/api/user/sessions': () => json(200, { error: false, sessions: [] }),
      // The session confirmed it is the owner a minute ago: the request asks no password.
      'GET /v1/api/user/confirm': () => json(200, { error: false, until: NOW + 540 }),
      ...api,
    },
  });
  await screen.findByRole('button', { name: /Log out|ចាកចេញ/ });
  return app;
}

it('shows the pending change the server keeps, with the code step', async () => {
  const { requests } = await openHome(PROFILE, { [PENDING]: () => pending('new@example.com') });
  expect(
    await screen.findByText(
      'We sent a 6-digit code to new@example.com. Enter it to confirm the change.',
    ),
  ).toBeInTheDocument();
  expect(screen.getByLabelText('Confirmation code')).toHaveValue('');
  expect(screen.queryByLabelText('New email')).not.toBeInTheDocument();
  expect(requests.filter((r) => r.url.endsWith('/v1/api/user/email-change'))).toHaveLength(1);
});

it('fills the code in from the link of the mail', async () => {
  await openHome('/?email-code=654321', { [PENDING]: () => pending('new@example.com') });
  await waitFor(() => expect(screen.getByLabelText('Confirmation code')).toHaveValue('654321'));
});

it('shows the request step when nothing is pending', async () => {
  await openHome(PROFILE, { [PENDING]: () => pending(null) });
  expect(await screen.findByLabelText('New email')).toBeInTheDocument();
  expect(screen.queryByLabelText('Confirmation code')).not.toBeInTheDocument();
});

it('sends a new code, then waits a minute before offering another', async () => {
  const { user, requests } = await openHome(PROFILE, {
    [PENDING]: () => pending('new@example.com'),
    [RESEND]: () => json(202, { error: false }),
  });
  await user.click(await screen.findByRole('button', { name: 'Send a new code' }));
  expect(await screen.findByText('We sent a new code to new@example.com.')).toBeInTheDocument();
  const resend = screen.getByRole('button', { name: 'Send a new code' });
  expect(resend).toBeDisabled();
  expect(resend).toHaveAccessibleDescription(/You can ask for another code in (60|59) seconds\./);
  expect(requests.filter((r) => r.method === 'POST' && r.url.endsWith('/resend'))).toHaveLength(1);
});

it('cancels the change and goes back to the request step', async () => {
  const { user, requests } = await openHome(PROFILE, {
    [PENDING]: () => pending('new@example.com'),
    [CANCEL]: () => json(200, { error: false }),
  });
  await user.click(await screen.findByRole('button', { name: 'Cancel the change' }));
  expect(await screen.findByLabelText('New email')).toBeInTheDocument();
  expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
});

it('says a change to the address the account already has is refused', async () => {
  const { user } = await openHome(PROFILE, {
    [PENDING]: () => pending(null),
    'POST /v1/api/user/change-email': () =>
      json(400, { error: true, code: 'VALIDATION', fields: { newEmail: 'SAME_EMAIL' } }),
  });
  await user.type(await screen.findByLabelText('New email'), 'dara@example.com');
  await user.click(screen.getByRole('button', { name: 'Send the code' }));
  await waitFor(() =>
    expect(screen.getByLabelText('New email')).toHaveAccessibleDescription(
      'This is already the email of your account.',
    ),
  );
});

it('says it in Khmer', async () => {
  await openHome(PROFILE, { [PENDING]: () => pending('new@example.com') }, 'kh');
  expect(await screen.findByRole('button', { name: 'ផ្ញើលេខកូដថ្មី' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'បោះបង់ការប្ដូរ' })).toBeInTheDocument();
});
