// Every way in that can answer with the login's second step leads to it: an activation and a
// passkey as a login and a reset do (the reset's own browser test is __tests__/e2e/waysIn.test.ts).
import { screen, waitFor } from '@testing-library/react';

import { WAYS_IN } from '../../../contract/endpoints';
import { json, USER } from '../../../testing/app/fetchStub';
import { renderApp } from '../../../testing/app/renderApp';

afterEach(() => jest.restoreAllMocks());

const TICKET = 'ticket-0f-a-way-in';
const asksSecondStep = () =>
  json(200, { error: false, secondFactor: { ticket: TICKET, expiresAt: 2e9 } });
const CREDENTIAL = { id: 'Y3JlZA', rawId: 'Y3JlZA', response: {}, type: 'public-key' };

/** The second step shows, with its code field focused, and no token is kept yet. */
async function expectSecondStep(effects: { data: Map<string, string> }) {
  const code = await screen.findByLabelText('Code from your authenticator app');
  await waitFor(() => expect(code).toHaveFocus());
  expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  expect(effects.data.has('token')).toBe(false);
}

it('names every endpoint that signs in as a way in', () => {
  expect([...WAYS_IN].sort()).toEqual(
    [
      'login',
      'loginSecondFactor',
      'passkeyLogin',
      'resetPassword',
      'verifyAccount',
      'oidcComplete',
    ].sort(),
  );
});

it('leads an activation answered with a second step to it, for the address activated', async () => {
  const { user, effects, store } = renderApp({
    path: `/user/verify-account?email=${encodeURIComponent(USER.email)}&code=123456`,
    api: { 'POST /v1/api/user/verify-account': asksSecondStep },
  });
  await screen.findByRole('heading', { name: 'Activate your account' });
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Activate' }));
  await expectSecondStep(effects);
  expect(store.getState().router.location?.pathname).toBe('/login');
  expect(store.getState().auth.secondStep).toEqual({
    ticket: TICKET,
    expiresAt: 2e9,
    email: USER.email,
  });
  expect(screen.getByText(`Logging in as ${USER.email}.`, { exact: false })).toBeInTheDocument();
});

it('leads a passkey answered with a second step to it', async () => {
  const { user, effects, store } = renderApp({
    path: '/login',
    webAuthn: true,
    api: {
      'POST /v1/api/user/passkey-login/options': () =>
        json(200, { error: false, options: { challenge: 'Y2hhbGxlbmdl' } }),
      'POST /v1/api/user/passkey-login': asksSecondStep,
    },
  });
  await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
  await waitFor(() => expect(effects.passkeys.current()?.autofill).toBe(false));
  effects.passkeys.current()?.answer(CREDENTIAL);
  await expectSecondStep(effects);
  expect(store.getState().auth.secondStep).toMatchObject({ ticket: TICKET, expiresAt: 2e9 });
});
