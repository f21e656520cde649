// The passkey screens on the real store, with the browser's WebAuthn faked (effects.passkeys):
// home's section (list, add, rename, remove) and the login view's button, in words.
import { screen, waitFor, within } from '@testing-library/react';

import { PASSKEYS_MAX } from '../../../contract/schemas';
import { json, USER } from '../../../testing/app/fetchStub';
import { renderApp, type ApiScript } from '../../../testing/app/renderApp';

afterEach(() => jest.restoreAllMocks());

const LONG_NAME = 'The work laptop of the accounts team, second floor, by the window, Chrome';
const PASSKEY = {
  id: 'pk-1',
  name: LONG_NAME,
  createdAt: '2026-01-10T02:00:00.000Z',
  lastUsedAt: null,
};
const CREDENTIAL = { id: 'Y3JlZA', rawId: 'Y3JlZA', response: {}, type: 'public-key' };

/** The fake clock's time (testing/app/fakeEffects.ts), in Unix seconds. */
const NOW = Date.UTC(2026, 0, 15, 3, 0, 0) / 1000;
/** The session has not confirmed it is the owner: adding and removing ask first. */
const UNCONFIRMED: ApiScript = {
  'GET /v1/api/user/confirm': () => json(200, { error: false, until: null }),
  'POST /v1/api/user/confirm': () => json(200, { error: false, until: NOW + 600 }),
};

const passkeyApi = (overrides: ApiScript = {}): ApiScript => ({
  // Confirmed a minute ago, unless a test says otherwise.
  'GET /v1/api/user/confirm': () => json(200, { error: false, until: NOW + 540 }),
  'GET /v1/api/user/passkeys': () => json(200, { error: false, passkeys: [PASSKEY] }),
  'POST /v1/api/user/passkeys/registration-options': () =>
    json(200, { error: false, options: { challenge: 'Y2hhbGxlbmdl' } }),
  'POST /v1/api/user/passkeys': () =>
    json(201, {
      error: false,
      passkey: {
        id: 'pk-2',
        name: 'My phone',
        createdAt: '2026-01-15T03:00:00.000Z',
        lastUsedAt: null,
      },
    }),
  'PATCH /v1/api/user/passkeys/pk-1': () =>
    json(200, { error: false, passkey: { ...PASSKEY, name: 'Old laptop' } }),
  'DELETE /v1/api/user/passkeys/pk-1': () => json(200, { error: false }),
  'POST /v1/api/user/passkey-login/options': () =>
    json(200, { error: false, options: { challenge: 'Y2hhbGxlbmdl' } }),
  'POST /v1/api/user/passkey-login': () =>
    json(200, { error: false, token: 'passkey-token', user: USER, signature: { exp: 2e9 } }),
  ...overrides,
});

async function openHome(options: { webAuthn?: boolean; localeRef?: string; api?: ApiScript } = {}) {
  const app = renderApp({
    path: '/?section=passkeys',
    storage: { token: 'tok', ...(options.localeRef ? { localeRef: options.localeRef } : {}) },
    api: passkeyApi(options.api),
    webAuthn: options.webAuthn ?? true,
  });
  const section = await screen.findByRole('region', { name: /^(Passkeys|កូនសោសម្ងាត់)$/ });
  await within(section).findByText(LONG_NAME);
  return { ...app, section };
}

it('lists each passkey with when it was added and last used', async () => {
  const { section } = await openHome();
  const item = within(section).getByText(LONG_NAME).closest('li')!;
  expect(item).toHaveTextContent('Added: January 10, 2026');
  expect(item).toHaveTextContent('Last used: Not used yet');
});

it('writes the dates in Khmer, with Khmer digits, for Khmer readers', async () => {
  const { section } = await openHome({ localeRef: 'kh' });
  const item = within(section).getByText(LONG_NAME).closest('li')!;
  expect(item).toHaveTextContent(/បានបន្ថែម៖ .*១០/);
  expect(item.textContent).not.toMatch(/[0-9]/);
});

it('adds a passkey under the name the visitor chose', async () => {
  jest
    .spyOn(window.navigator, 'userAgent', 'get')
    .mockReturnValue('Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36');
  const { section, user, effects, sentTo } = await openHome();
  const name = within(section).getByLabelText('Name of the new passkey');
  // The device's name first (the session list's words for it).
  expect(name).toHaveValue('Chrome on Linux');
  await user.clear(name);
  await user.type(name, 'My phone');
  await user.click(within(section).getByRole('button', { name: 'Add a passkey' }));
  await waitFor(() => expect(effects.passkeys.current()).toBeDefined());
  expect(
    within(section).getByRole('button', { name: 'Follow the steps of your browser…' }),
  ).toBeDisabled();
  effects.passkeys.current()?.answer(CREDENTIAL);
  await within(section).findByText('Your passkey was added.');
  expect(within(section).getByText('My phone')).toBeInTheDocument();
  expect(await sentTo('POST', '/v1/api/user/passkeys')).toEqual([
    { response: CREDENTIAL, name: 'My phone' },
  ]);
});

it('says so when the dialog is closed, and the button works again', async () => {
  const { section, user, effects } = await openHome();
  await user.click(within(section).getByRole('button', { name: 'Add a passkey' }));
  await waitFor(() => expect(effects.passkeys.current()).toBeDefined());
  effects.passkeys.current()?.fail('NotAllowedError');
  expect(
    await within(section).findByText(/No passkey was made: the window of your browser was closed/),
  ).toBeInTheDocument();
  expect(within(section).getByRole('button', { name: 'Add a passkey' })).toBeEnabled();
});

const FULL_API: ApiScript = {
  'GET /v1/api/user/passkeys': () =>
    json(200, {
      error: false,
      passkeys: Array.from({ length: PASSKEYS_MAX }, (_, i) =>
        i === 0 ? PASSKEY : { ...PASSKEY, id: `pk-${i}`, name: `Key ${i}` },
      ),
    }),
};

it('tells a full account why it can add no more, in place of the form', async () => {
  const { section } = await openHome({ api: FULL_API });
  expect(section).toHaveTextContent(
    `You keep ${PASSKEYS_MAX} passkeys, the most an account can. Remove one to add another.`,
  );
  expect(within(section).queryByRole('button', { name: 'Add a passkey' })).toBeNull();
});

it('tells a full account so in Khmer, with Khmer digits', async () => {
  const { section } = await openHome({ api: FULL_API, localeRef: 'kh' });
  expect(section).toHaveTextContent('អ្នកមានកូនសោសម្ងាត់ ២០ ហើយ');
  expect(within(section).queryByRole('button', { name: /បន្ថែម/ })).toBeNull();
});

it('says why the server refused a new passkey when the account is full', async () => {
  const refusal = {
    error: true,
    code: 'PASSKEY_LIMIT',
    message: 'The account keeps 20 passkeys, the most it may: remove one before adding another.',
  };
  const { section, user } = await openHome({
    api: { 'POST /v1/api/user/passkeys/registration-options': () => json(409, refusal) },
  });
  await user.click(within(section).getByRole('button', { name: 'Add a passkey' }));
  expect(
    await within(section).findByText(
      `You keep ${PASSKEYS_MAX} passkeys, the most an account can. Remove one to add another.`,
    ),
  ).toBeInTheDocument();
});

it('refuses an empty name in the browser', async () => {
  const { section, user, effects, actions } = await openHome();
  await user.clear(within(section).getByLabelText('Name of the new passkey'));
  await user.click(within(section).getByRole('button', { name: 'Add a passkey' }));
  expect(await within(section).findByText('Enter your name.')).toBeInTheDocument();
  expect(effects.passkeys.ceremonies).toEqual([]);
  expect(actions).toContainEqual({
    type: 'form/validationFailed',
    payload: { form: 'addPasskey', fields: { name: 'REQUIRED' } },
  });
});

it('shows no add button in a browser without passkeys, but says why', async () => {
  const { section } = await openHome({ webAuthn: false });
  expect(within(section).queryByRole('button', { name: 'Add a passkey' })).toBeNull();
  expect(within(section).getByText(/This browser cannot make passkeys/)).toBeInTheDocument();
});

it('says in words when the list could not be loaded, and "Try again" asks again', async () => {
  let answers = 0;
  const { user, actions } = renderApp({
    path: '/?section=passkeys',
    storage: { token: 'tok' },
    webAuthn: true,
    api: passkeyApi({
      'GET /v1/api/user/passkeys': () => {
        answers += 1;
        return answers === 1
          ? json(500, { error: true, code: 'INTERNAL' })
          : json(200, { error: false, passkeys: [PASSKEY] });
      },
    }),
  });
  const section = await screen.findByRole('region', { name: 'Passkeys' });
  const alert = await within(section).findByText(/^Your passkeys could not be loaded\./);
  expect(alert).toHaveAttribute('role', 'alert');
  expect(alert).toHaveTextContent(
    'Your passkeys could not be loaded. Something went wrong on our side.',
  );
  await user.click(within(section).getByRole('button', { name: 'Try again' }));
  expect(await within(section).findByText(LONG_NAME)).toBeInTheDocument();
  expect(within(section).queryByText(/could not be loaded/)).not.toBeInTheDocument();
  expect(answers).toBe(2);
  expect(actions).toContainEqual({ type: 'passkeys/listRetried' });
});

it('says the failed list and "Try again" in Khmer', async () => {
  renderApp({
    path: '/?section=passkeys',
    storage: { token: 'tok', localeRef: 'kh' },
    webAuthn: true,
    api: passkeyApi({ 'GET /v1/api/user/passkeys': () => json(503, { error: true }) }),
  });
  const alert = await screen.findByText(/មិនអាចផ្ទុកកូនសោសម្ងាត់របស់អ្នកបានទេ។/);
  const section = alert.closest('section')!;
  expect(within(section).getByRole('button', { name: 'ព្យាយាមម្ដងទៀត' })).toBeInTheDocument();
});

it('renames a passkey in place and, once confirmed, removes one', async () => {
  const { section, user, sentTo } = await openHome();
  await user.click(within(section).getByRole('button', { name: `Rename ${LONG_NAME}` }));
  const field = within(section).getByLabelText('Name of the passkey');
  expect(field).toHaveFocus();
  await user.clear(field);
  await user.type(field, 'Old laptop');
  await user.click(within(section).getByRole('button', { name: 'Save' }));
  await within(section).findByText('The passkey was renamed.');
  expect(within(section).getByText('Old laptop')).toBeInTheDocument();

  await user.click(within(section).getByRole('button', { name: 'Remove Old laptop' }));
  await user.click(within(section).getByRole('button', { name: 'Remove the passkey' }));
  await within(section).findByText('The passkey was removed.');
  expect(within(section).getByText('You have no passkeys yet.')).toBeInTheDocument();
  expect(await sentTo('DELETE', '/v1/api/user/passkeys/pk-1')).toHaveLength(1);
});

it('asks to confirm it is you before a passkey can be added or removed', async () => {
  const { section, user, effects, sentTo, requests } = await openHome({ api: UNCONFIRMED });
  // Listed and renamed without it; added and removed only after it.
  expect(within(section).getByRole('button', { name: `Rename ${LONG_NAME}` })).toBeInTheDocument();
  expect(within(section).queryByRole('button', { name: `Remove ${LONG_NAME}` })).toBeNull();
  expect(within(section).queryByRole('button', { name: 'Add a passkey' })).toBeNull();
  expect(
    within(section).getByText('To add or remove passkeys, first confirm it is you.', {
      exact: false,
    }),
  ).toBeInTheDocument();
  await user.type(within(section).getByLabelText('Password'), 'my-secret-words');
  await user.click(within(section).getByRole('button', { name: 'Confirm' }));
  const add = await within(section).findByRole('button', { name: 'Add a passkey' });
  expect(within(section).getByRole('button', { name: `Remove ${LONG_NAME}` })).toBeInTheDocument();
  expect(await sentTo('POST', '/v1/api/user/confirm')).toEqual([{ password: 'my-secret-words' }]);
  expect(requests.filter((r) => r.url.endsWith('/registration-options'))).toHaveLength(0);
  await user.click(add);
  await waitFor(() => expect(effects.passkeys.current()).toBeDefined());
});

describe('on /login', () => {
  async function openLogin(api: ApiScript = {}) {
    const app = renderApp({ path: '/login', api: passkeyApi(api), webAuthn: true });
    await screen.findByRole('button', { name: 'Sign in with a passkey' });
    return app;
  }

  it('signs in with a passkey like a login: token kept, then home', async () => {
    const { user, effects, store } = await openLogin();
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'username webauthn');
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(effects.passkeys.current()?.autofill).toBe(false));
    effects.passkeys.current()?.answer(CREDENTIAL);
    await screen.findByRole('heading', { name: `Hello, ${USER.name}` });
    expect(effects.data.get('token')).toBe('passkey-token');
    expect(store.getState().router.location?.pathname).toBe('/');
  });

  it('says a passkey the server does not know in words, and keeps the password form', async () => {
    const { user, effects } = await openLogin({
      'POST /v1/api/user/passkey-login': () =>
        json(401, { error: true, code: 'INVALID_CREDENTIAL', message: 'x' }),
    });
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(effects.passkeys.current()?.autofill).toBe(false));
    effects.passkeys.current()?.answer(CREDENTIAL);
    expect(
      await screen.findByText(/This passkey is not registered here, or it could not be checked/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(effects.data.has('token')).toBe(false);
  });

  it('says a cancelled ceremony in words', async () => {
    const { user, effects } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(effects.passkeys.current()?.autofill).toBe(false));
    effects.passkeys.current()?.fail('NotAllowedError');
    expect(await screen.findByText(/Signing in with a passkey was cancelled/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toBeEnabled();
  });

  it('says why a browser without passkeys has no button', async () => {
    renderApp({ path: '/login', api: passkeyApi(), webAuthn: false });
    expect(await screen.findByText(/This browser cannot use passkeys/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });
});
