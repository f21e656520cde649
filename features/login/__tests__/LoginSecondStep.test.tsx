import { cleanup, render, screen, waitFor } from '@testing-library/react';

import { redacted, REDACTED } from '../../../contract/redact';
import { App } from '../../../src/app/App';
import { viewOnlyStore } from '../../../src/replay/viewOnlyStore';
import { navigationRequested } from '../../../store/router/routerSlice';
import { json, USER } from '../../../testing/app/fetchStub';
import { renderApp, type ApiScript } from '../../../testing/app/renderApp';

afterEach(() => jest.restoreAllMocks());

const LOGIN = 'POST /v1/api/user/login';
const SECOND = 'POST /v1/api/user/login/second-factor';
const TICKET = 'ticket-5ecret-0f-the-step';
const asksSecondStep = () =>
  json(200, { error: false, secondFactor: { ticket: TICKET, expiresAt: 2e9 } });
const session = () =>
  json(200, { error: false, token: 'tok-2fa', user: USER, signature: { exp: 2e9 } });

async function passwordStep(
  api: ApiScript,
  options: { storage?: Record<string, string>; tabStorage?: Record<string, string> } = {},
) {
  const app = renderApp({ path: '/login', api: { [LOGIN]: asksSecondStep, ...api }, ...options });
  await screen.findByRole('heading', { name: 'Log in' });
  await app.user.type(screen.getByLabelText('Email'), USER.email);
  await app.user.type(screen.getByLabelText('Password'), 'correct horse');
  await app.user.click(screen.getByRole('button', { name: 'Log in' }));
  await screen.findByLabelText('Code from your authenticator app');
  return app;
}

it('asks for the app code after a right password, sends it with the ticket and goes home', async () => {
  const { user, actions, effects, sentTo, store } = await passwordStep({ [SECOND]: session });
  // No token yet: the password alone opened nothing.
  expect(effects.data.get('token')).toBeUndefined();
  expect(store.getState().auth.secondStep).toEqual({
    ticket: TICKET,
    expiresAt: 2e9,
    email: USER.email,
  });
  // It says for whom.
  expect(screen.getByText(`Logging in as ${USER.email}.`, { exact: false })).toBeInTheDocument();
  const code = screen.getByLabelText('Code from your authenticator app');
  await waitFor(() => expect(code).toHaveFocus());
  expect(code).toHaveAttribute('inputmode', 'numeric');
  expect(code).toHaveAttribute('autocomplete', 'one-time-code');

  await user.type(code, '123456');
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  expect(await screen.findByRole('heading', { name: `Hello, ${USER.name}` })).toBeInTheDocument();
  expect(actions).toContainEqual(navigationRequested({ to: '/' }));
  expect(effects.data.get('token')).toBe('tok-2fa');
  expect(effects.cookieWrites.filter((write) => write.op === 'set').at(-1)?.value).toContain(
    USER.email,
  );
  expect(await sentTo('POST', '/v1/api/user/login/second-factor')).toEqual([
    { ticket: TICKET, code: '123456' },
  ]);
  // The ticket went with the session it opened, from the store and the tab's storage.
  expect(store.getState().auth.secondStep).toBeUndefined();
  expect(effects.tabData.has('secondStep')).toBe(false);
});

it('keeps only the digits of a pasted code, Khmer digits read as ASCII', async () => {
  const { user, sentTo } = await passwordStep({ [SECOND]: session });
  const code = screen.getByLabelText('Code from your authenticator app');
  await user.click(code);
  await user.paste('៧៩១ ៨៦០');
  expect(code).toHaveValue('791860');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { name: `Hello, ${USER.name}` });
  expect(await sentTo('POST', '/v1/api/user/login/second-factor')).toEqual([
    { ticket: TICKET, code: '791860' },
  ]);
});

it('says a wrong code is wrong, in words, and stays on the step', async () => {
  const { user, effects } = await passwordStep({
    [SECOND]: () => json(400, { error: true, code: 'INVALID_CODE' }),
  });
  await user.type(screen.getByLabelText('Code from your authenticator app'), '000000');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  const alert = await screen.findByRole('alert');
  await waitFor(() =>
    expect(alert).toHaveTextContent('That code is not right, or it was already used.'),
  );
  expect(alert).toHaveFocus();
  expect(screen.getByLabelText('Code from your authenticator app')).toBeInTheDocument();
  expect(effects.data.get('token')).toBeUndefined();
});

it('checks the code before sending it', async () => {
  const { user, requests } = await passwordStep({ [SECOND]: session });
  await user.type(screen.getByLabelText('Code from your authenticator app'), '12');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(screen.getByLabelText('Code from your authenticator app')).toHaveAccessibleDescription(
    /The code is 6 digits/,
  );
  expect(requests.filter((r) => r.url.endsWith('/second-factor'))).toHaveLength(0);
});

it('sends the owner to a recovery code when app codes are refused for too many wrong ones', async () => {
  const { user } = await passwordStep({
    [SECOND]: () => json(429, { error: true, code: 'RATE_LIMITED' }, { 'Retry-After': '900' }),
  });
  await user.type(screen.getByLabelText('Code from your authenticator app'), '123456');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  const alert = await screen.findByRole('alert');
  // Waiting does not help (the budget comes back with a success): no time is promised.
  await waitFor(() => expect(alert).toHaveTextContent('Use one of your recovery codes instead.'));
  expect(alert).toHaveTextContent('Reset your password with the link we email you');
  expect(alert).not.toHaveTextContent(/try again in/i);
  await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
  expect(await screen.findByLabelText('Recovery code')).toBeInTheDocument();
});

it('says when to try again after too many recovery codes from one place', async () => {
  const { user } = await passwordStep({
    [SECOND]: () => json(429, { error: true, code: 'RATE_LIMITED' }, { 'Retry-After': '600' }),
  });
  await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
  await user.type(await screen.findByLabelText('Recovery code'), 'abcd-efgh-ijkl-mnop');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  const alert = await screen.findByRole('alert');
  await waitFor(() =>
    expect(alert).toHaveTextContent('Too many attempts. Please try again in 10 minutes.'),
  );
});

it('takes a recovery code instead, through a visible switch', async () => {
  const { user, sentTo } = await passwordStep({ [SECOND]: session });
  await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
  const field = await screen.findByLabelText('Recovery code');
  await waitFor(() => expect(field).toHaveFocus());
  expect(screen.queryByLabelText('Code from your authenticator app')).not.toBeInTheDocument();

  await user.type(field, 'not a code');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(field).toHaveAccessibleDescription(/16 letters and digits/);

  await user.clear(field);
  await user.type(field, ' abcd-efgh-ijkl-mnop ');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { name: `Hello, ${USER.name}` });
  expect(await sentTo('POST', '/v1/api/user/login/second-factor')).toEqual([
    { ticket: TICKET, recoveryCode: 'abcd-efgh-ijkl-mnop' },
  ]);
});

it('takes a recovery code typed in groups with spaces, or in capitals', async () => {
  const { user, sentTo } = await passwordStep({ [SECOND]: session });
  await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
  const field = await screen.findByLabelText('Recovery code');
  await user.type(field, 'ABCD EFGH IJKL MNOP');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { name: `Hello, ${USER.name}` });
  expect(await sentTo('POST', '/v1/api/user/login/second-factor')).toEqual([
    { ticket: TICKET, recoveryCode: 'ABCD EFGH IJKL MNOP' },
  ]);
});

it('says a used recovery code is refused, and switches back to the app code', async () => {
  const { user } = await passwordStep({
    [SECOND]: () => json(400, { error: true, code: 'INVALID_CODE' }),
  });
  await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
  await user.type(await screen.findByLabelText('Recovery code'), 'abcd-efgh-ijkl-mnop');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  const alert = await screen.findByRole('alert');
  await waitFor(() =>
    expect(alert).toHaveTextContent('That recovery code is not right, or it was already used.'),
  );
  await user.click(screen.getByRole('button', { name: 'Use a code from your authenticator app' }));
  expect(await screen.findByLabelText('Code from your authenticator app')).toBeInTheDocument();
});

it('goes back to the password step, saying why, when the ticket is out of time or used', async () => {
  const { user, store } = await passwordStep({
    [SECOND]: () => json(401, { error: true, code: 'INVALID_TICKET' }),
  });
  await user.type(screen.getByLabelText('Code from your authenticator app'), '123456');
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  expect(await screen.findByLabelText('Password')).toBeInTheDocument();
  expect(screen.getByLabelText('Email')).toBeInTheDocument();
  await waitFor(() =>
    expect(
      screen
        .getAllByRole('status')
        .map((node) => node.textContent)
        .join(' '),
    ).toContain(
      'The sign-in took too long or was already finished. Please enter your email and password again.',
    ),
  );
  expect(store.getState().auth.secondStep).toBeUndefined();
});

it('"Use a different account" goes back to the password step', async () => {
  const { user, store } = await passwordStep({ [SECOND]: session });
  await user.click(screen.getByRole('button', { name: 'Use a different account' }));
  expect(await screen.findByLabelText('Password')).toBeInTheDocument();
  expect(store.getState().auth.secondStep).toBeUndefined();
});

it('keeps the step in the tab alone, out of the action log; a reload of the tab shows it again', async () => {
  const { store, effects } = await passwordStep({ [SECOND]: session });
  const exported = store.actionLog.export();
  expect(exported).toContain('auth/');
  expect(exported).not.toContain(TICKET);
  expect(exported).toContain('secondFactor');
  // Never in local storage (another tab, a restarted browser start afresh): the tab's own only.
  for (const write of effects.storageWrites) expect(write.value ?? '').not.toContain(TICKET);
  expect(JSON.parse(effects.tabData.get('secondStep')!)).toEqual({
    ticket: TICKET,
    expiresAt: 2e9,
    email: USER.email,
  });

  // The same tab again (a phone discarded it while the visitor read the app): the step is back.
  cleanup();
  const again = renderApp({
    path: '/login',
    storage: Object.fromEntries(effects.data),
    tabStorage: Object.fromEntries(effects.tabData),
    api: { [SECOND]: session },
  });
  const code = await screen.findByLabelText('Code from your authenticator app');
  expect(screen.getByText(`Logging in as ${USER.email}.`, { exact: false })).toBeInTheDocument();
  await again.user.type(code, '123456');
  await again.user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { name: `Hello, ${USER.name}` });
  expect(await again.sentTo('POST', SECOND.slice('POST '.length))).toEqual([
    { ticket: TICKET, code: '123456' },
  ]);
});

it('keeps the step across navigations, and Back to the login shows it again', async () => {
  const { user, store, effects } = await passwordStep({ [SECOND]: session });
  await user.click(screen.getByRole('link', { name: 'Sign up' }));
  await screen.findByRole('heading', { name: 'Create your account' });
  effects.history.replace('/login');
  expect(await screen.findByLabelText('Code from your authenticator app')).toBeInTheDocument();
  expect(store.getState().auth.secondStep?.ticket).toBe(TICKET);
});

it('ends the step with its ticket: back to the password step, saying why', async () => {
  // A second after the fake clock's time: the listener's timer then finds the clock moved on.
  const expiresAt = Math.floor(Date.UTC(2026, 0, 15, 3, 0, 1) / 1000);
  const { effects, store } = await passwordStep({
    [LOGIN]: () => json(200, { error: false, secondFactor: { ticket: TICKET, expiresAt } }),
  });
  effects.setNow(expiresAt * 1000);
  expect(await screen.findByLabelText('Password', {}, { timeout: 3000 })).toBeInTheDocument();
  expect(store.getState().auth.secondStep).toBeUndefined();
  expect(effects.tabData.has('secondStep')).toBe(false);
  expect(
    screen
      .getAllByRole('status')
      .map((node) => node.textContent)
      .join(' '),
  ).toContain('The sign-in took too long or was already finished.');
});

it('drops a kept step whose ticket has ended before the tab came back', async () => {
  const ended = JSON.stringify({ ticket: TICKET, expiresAt: 1_700_000_000, email: USER.email });
  const { effects } = renderApp({ path: '/login', tabStorage: { secondStep: ended } });
  expect(await screen.findByLabelText('Password')).toBeInTheDocument();
  expect(screen.queryByLabelText('Code from your authenticator app')).not.toBeInTheDocument();
  expect(effects.tabData.has('secondStep')).toBe(false);
});

it('speaks Khmer', async () => {
  const app = renderApp({
    path: '/login',
    storage: { localeRef: 'kh' },
    api: {
      [LOGIN]: asksSecondStep,
      [SECOND]: () => json(429, { error: true, code: 'RATE_LIMITED' }, { 'Retry-After': '900' }),
    },
  });
  await app.user.type(await screen.findByLabelText('អ៊ីមែល'), USER.email);
  await app.user.type(screen.getByLabelText('ពាក្យសម្ងាត់'), 'correct horse');
  await app.user.click(screen.getByRole('button', { name: 'ចូលគណនី' }));
  const code = await screen.findByLabelText('លេខកូដពីកម្មវិធីផ្ទៀងផ្ទាត់របស់អ្នក');
  expect(screen.getByRole('button', { name: 'ប្រើលេខកូដសង្គ្រោះជំនួសវិញ' })).toBeInTheDocument();
  await app.user.type(code, '123456');
  await app.user.click(screen.getByRole('button', { name: 'បន្ត' }));
  const alert = await screen.findByRole('alert');
  await waitFor(() => expect(alert).toHaveTextContent('សូមប្រើលេខកូដសង្គ្រោះមួយរបស់អ្នកជំនួសវិញ។'));
});

it('shows the second step from the state alone, as replay and time travel do, its ticket redacted', async () => {
  const { store, unmount } = await passwordStep({ [SECOND]: session });
  const recorded = redacted(store.getState());
  expect(JSON.stringify(recorded)).not.toContain(TICKET);
  expect(recorded.auth.secondStep).toEqual({
    ticket: REDACTED,
    expiresAt: 2e9,
    email: USER.email,
  });
  unmount();
  render(<App store={viewOnlyStore(recorded)} />);
  expect(await screen.findByLabelText('Code from your authenticator app')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Use a different account' })).toBeInTheDocument();
});
