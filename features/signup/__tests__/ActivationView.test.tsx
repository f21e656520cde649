import { act, screen, waitFor } from '@testing-library/react';

import { navigationRequested } from '../../../store/router/routerSlice';
import { json, USER } from '../../../testing/app/fetchStub';
import { deferredResponse, renderApp } from '../../../testing/app/renderApp';

afterEach(() => jest.restoreAllMocks());

const ACTIVATE = 'POST /v1/api/user/verify-account';
const RESEND = 'POST /v1/api/user/resend-activation';

async function openActivation(search = '', api = {}) {
  const app = renderApp({ path: `/user/verify-account${search}`, api });
  await screen.findByRole('heading', { name: 'Activate your account' });
  return app;
}

it('fills the form in from the link in the email', async () => {
  await openActivation('?email=dara%40example.com&code=123456');
  expect(screen.getByLabelText('Email')).toHaveValue('dara@example.com');
  expect(screen.getByLabelText('Activation code')).toHaveValue('123456');
});

it('links to sign-up and back to log-in', async () => {
  await openActivation();
  expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
    'href',
    '/signup',
  );
  expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/login');
});

it('asks for the password chosen at sign-up', async () => {
  await openActivation('?email=dara%40example.com&code=123456');
  const password = screen.getByLabelText('Password');
  expect(password).toHaveAttribute('name', 'password');
  expect(password).toHaveAttribute('type', 'password');
  expect(password).toHaveAccessibleDescription('The password you chose at sign-up.');
});

it('takes only digits in the code field and asks phones for a one-time code', async () => {
  const { user } = await openActivation();
  const code = screen.getByLabelText('Activation code');
  expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  expect(code).toHaveAttribute('inputmode', 'numeric');
  await user.type(code, '12a-3 4');
  expect(code).toHaveValue('1234');
});

it('checks the email and the code before sending', async () => {
  const { user, requests } = await openActivation('?email=dara%40example.com');
  await user.type(screen.getByLabelText('Activation code'), '123');
  await user.click(screen.getByRole('button', { name: 'Activate' }));

  const code = screen.getByLabelText('Activation code');
  expect(code).toHaveAccessibleDescription(
    'The 6 digits from the email we sent you. The code is 6 digits, like 123456.',
  );
  expect(code).toHaveFocus();
  expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
});

it('says when the code is wrong, expired or used', async () => {
  const { user } = await openActivation('?email=dara%40example.com&code=000000', {
    [ACTIVATE]: () => json(400, { error: true, code: 'INVALID_CODE' }),
  });
  await user.type(screen.getByLabelText('Password'), 'blue mango river');
  await user.click(screen.getByRole('button', { name: 'Activate' }));
  await waitFor(() =>
    expect(screen.getByRole('alert')).toHaveTextContent('That code is wrong, has expired'),
  );
});

it('is busy while activating, then signs in and goes home', async () => {
  const answer = deferredResponse();
  const { user, actions, effects, sentTo } = await openActivation(
    '?email=sokha%40example.com&code=123456',
    { [ACTIVATE]: answer.handler },
  );
  await user.type(screen.getByLabelText('Password'), 'blue mango river');
  await user.click(screen.getByRole('button', { name: 'Activate' }));
  expect(await screen.findByRole('button', { name: 'Activating…' })).toBeDisabled();

  answer.release(json(200, { error: false, token: 'tok-2', user: USER, signature: { exp: 2e9 } }));
  await screen.findByRole('heading', { name: `Hello, ${USER.name}` });
  expect(actions).toContainEqual(navigationRequested({ to: '/' }));
  expect(effects.data.get('token')).toBe('tok-2');
  expect(await sentTo('POST', '/v1/api/user/verify-account')).toEqual([
    { email: 'sokha@example.com', code: '123456', password: 'blue mango river' },
  ]);
});

it('sends a new code to the address in the form, then says when another is possible', async () => {
  const { user, sentTo } = await openActivation('?email=dara%40example.com', {
    [RESEND]: () => json(202, { error: false }),
  });
  await user.click(screen.getByRole('button', { name: 'Send a new code' }));

  expect(await screen.findByText('We sent a new code to dara@example.com.')).toBeInTheDocument();
  const resend = screen.getByRole('button', { name: 'Send a new code' });
  expect(resend).toBeDisabled();
  expect(resend).toHaveAccessibleDescription(/You can ask for another code in (60|59) seconds\./);
  expect(await sentTo('POST', '/v1/api/user/resend-activation')).toEqual([
    { email: 'dara@example.com' },
  ]);
});

it('enables the resend button again a minute after the last code was sent', async () => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  try {
    const app = renderApp({
      path: '/user/verify-account?email=dara%40example.com',
      api: { [RESEND]: () => json(202, { error: false }) },
    });
    const wait = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
    await wait(50);
    const resend = screen.getByRole('button', { name: 'Send a new code' });
    act(() => resend.click());
    await wait(1000);
    const sentAt = app.store.getState().submissions.resend.succeededAt ?? NaN;
    await wait(sentAt + 10_300 - Date.now());
    expect(resend).toBeDisabled();
    expect(screen.getByText(/in 50 seconds/)).toBeInTheDocument();
    await wait(50_000);
    expect(resend).toBeEnabled();
    expect(screen.queryByText(/You can ask for another code/)).not.toBeInTheDocument();
    app.unmount();
  } finally {
    jest.useRealTimers();
  }
});

it('asks for a valid address before sending a new code', async () => {
  const { user, requests } = await openActivation('', {
    [RESEND]: () => json(202, { error: false }),
  });
  await user.click(screen.getByRole('button', { name: 'Send a new code' }));
  const email = screen.getByLabelText('Email');
  expect(email).toHaveAccessibleDescription('Enter your email address.');
  expect(email).toHaveFocus();
  expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
});

it('says when new codes are asked for too often', async () => {
  const { user } = await openActivation('?email=dara%40example.com', {
    [RESEND]: () => json(429, { error: true, code: 'RATE_LIMITED' }),
  });
  await user.click(screen.getByRole('button', { name: 'Send a new code' }));
  expect(
    await screen.findByText('Too many attempts. Please wait a minute, then try again.'),
  ).toBeInTheDocument();
});
