// The provider buttons on the login and sign-up views, what a return says there, and home's section
// of providers, rendered on the whole app with a scripted server.
import { screen, waitFor, within } from '@testing-library/react';

import { TAB_STORAGE_KEYS } from '../../../store/constants';
import { json, signedInAnswer } from '../../../testing/app/fetchStub';
import { deferredResponse, renderApp, type ApiScript } from '../../../testing/app/renderApp';
import { providerStartRequested } from '../providersSlice';

afterEach(() => jest.restoreAllMocks());

const WORK = { id: 'work', name: 'Work ID' };
const listed =
  (providers: unknown[], extra: Record<string, unknown> = {}): ApiScript[string] =>
  () =>
    json(200, { error: false, providers, ...extra });

const connected =
  (connections: Array<{ id: string; name: string }>, hasPassword: boolean): ApiScript[string] =>
  () =>
    json(200, {
      error: false,
      connections: connections.map((c) => ({
        ...c,
        email: 'a@example.com',
        createdAt: '2026-01-10T02:00:00.000Z',
      })),
      hasPassword,
    });

const returned = (back: Record<string, unknown>, intent = 'login') => ({
  [TAB_STORAGE_KEYS.providerReturn]: JSON.stringify(back),
  [TAB_STORAGE_KEYS.providerFlow]: JSON.stringify({ provider: 'work', intent }),
});

describe('on the login view', () => {
  it('offers each configured provider, and pressing one starts its flow', async () => {
    const { user, actions, effects } = renderApp({
      path: '/login',
      api: {
        'GET /v1/api/user/oidc/providers': listed([WORK, { id: 'google', name: 'Google' }]),
        'POST /v1/api/user/oidc/work/start': () =>
          json(200, { error: false, authorizationUrl: 'https://id.example/authorize?state=s' }),
      },
    });
    const button = await screen.findByRole('button', { name: 'Continue with Work ID' });
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    // The password form stays the first way in.
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    await user.click(button);
    expect(actions.filter(providerStartRequested.match).map((a) => a.payload)).toEqual([
      { provider: 'work', intent: 'login' },
    ]);
    await waitFor(() => expect(effects.left).toEqual(['https://id.example/authorize?state=s']));
    expect(screen.getByRole('button', { name: 'Opening Work ID…' })).toBeDisabled();
  });

  it('shows no button, and no room for one, when no provider is configured', async () => {
    renderApp({ path: '/login', api: { 'GET /v1/api/user/oidc/providers': listed([]) } });
    await screen.findByRole('button', { name: 'Log in' });
    await waitFor(() => expect(document.querySelector('.provider-sign-in')).toBeNull());
    expect(screen.queryByRole('button', { name: /Continue with/ })).toBeNull();
  });

  it('says in words that the email has an account, with the login form right there', async () => {
    renderApp({
      path: '/login',
      tabStorage: returned({ handoff: 'h-1' }),
      api: {
        'GET /v1/api/user/oidc/providers': listed([WORK]),
        'POST /v1/api/user/oidc/complete': () =>
          json(409, { error: true, code: 'ACCOUNT_EXISTS', message: 'exists' }),
      },
    });
    const alert = await screen.findByText(/An account with this email already exists here/);
    // The refusal may answer before the providers' list: the name follows when the list does.
    await waitFor(() =>
      expect(alert).toHaveTextContent('then connect Work ID from your account page'),
    );
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('names the provider the visitor chose while the list has not answered', async () => {
    const never = deferredResponse();
    renderApp({
      path: '/login',
      tabStorage: {
        [TAB_STORAGE_KEYS.providerReturn]: JSON.stringify({ handoff: 'h-1' }),
        [TAB_STORAGE_KEYS.providerFlow]: JSON.stringify({
          provider: 'work',
          intent: 'login',
          name: 'Work ID',
        }),
      },
      api: {
        'GET /v1/api/user/oidc/providers': never.handler,
        'POST /v1/api/user/oidc/complete': never.handler,
      },
    });
    expect(await screen.findByText('Finishing your sign-in with Work ID…')).toBeInTheDocument();
  });

  it('names the provider by its id when this tab kept no name and no list answered', async () => {
    const never = deferredResponse();
    renderApp({
      path: '/login',
      tabStorage: returned({ error: 'access_denied' }),
      api: { 'GET /v1/api/user/oidc/providers': never.handler },
    });
    expect(await screen.findByText(/The sign-in with work was cancelled/)).toBeInTheDocument();
    expect(screen.queryByText(/your provider/)).toBeNull();
  });

  it('says a cancelled flow was cancelled, and offers the other ways in, in Khmer', async () => {
    renderApp({
      path: '/login',
      storage: { localeRef: 'kh' },
      tabStorage: returned({ error: 'PROVIDER_CANCELLED' }),
      api: { 'GET /v1/api/user/oidc/providers': listed([WORK]) },
    });
    expect(await screen.findByText(/ការចូលជាមួយ Work ID ត្រូវបានបោះបង់/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'បន្តជាមួយ Work ID' })).toBeInTheDocument();
  });

  it('says why an unverified email cannot open an account', async () => {
    renderApp({
      path: '/login',
      tabStorage: returned({ handoff: 'h-2' }),
      api: {
        'GET /v1/api/user/oidc/providers': listed([WORK]),
        'POST /v1/api/user/oidc/complete': () =>
          json(400, { error: true, code: 'EMAIL_NOT_VERIFIED', message: 'unverified' }),
      },
    });
    expect(
      await screen.findByText(/Work ID does not confirm that this email address is yours/),
    ).toBeInTheDocument();
  });
});

it('offers the providers on the sign-up view too', async () => {
  renderApp({ path: '/signup', api: { 'GET /v1/api/user/oidc/providers': listed([WORK]) } });
  expect(await screen.findByRole('button', { name: 'Continue with Work ID' })).toBeInTheDocument();
});

describe("home's section of providers", () => {
  const HOME: ApiScript = {
    'GET /v1/api/user/verify': (request) =>
      request.headers.get('Authorization') ? signedInAnswer() : json(401, { error: true }),
    'GET /v1/api/user/sessions': () => json(200, { error: false, sessions: [] }),
    'GET /v1/api/user/totp': () =>
      json(200, { error: false, enabled: false, recoveryCodesLeft: 0 }),
    'GET /v1/api/user/passkeys': () => json(200, { error: false, passkeys: [] }),
    'GET /v1/api/user/email-change': () => json(200, { error: false, pending: null }),
    'GET /v1/api/user/confirm': () => json(200, { error: false, until: 1_900_000_000 }),
  };

  it('lists the providers, connected or not, and says how to set a password', async () => {
    renderApp({
      path: '/?section=providers',
      storage: { token: 'tok' },
      api: {
        ...HOME,
        'GET /v1/api/user/oidc/providers': listed([WORK, { id: 'google', name: 'Google' }]),
        'GET /v1/api/user/oidc/connections': connected([WORK], false),
      },
    });
    const work = (await screen.findByText('Work ID')).closest('li')!;
    expect(within(work as HTMLElement).getByText('Connected')).toBeInTheDocument();
    expect(
      within(work as HTMLElement).getByRole('button', { name: 'Disconnect Work ID' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect Google' })).toBeInTheDocument();
    expect(screen.getByText(/This account has no password/)).toBeInTheDocument();
  });

  it('asks before disconnecting, and explains the last way in', async () => {
    const { user } = renderApp({
      path: '/?section=providers',
      storage: { token: 'tok' },
      api: {
        ...HOME,
        'GET /v1/api/user/oidc/providers': listed([WORK]),
        'GET /v1/api/user/oidc/connections': connected([WORK], false),
        'DELETE /v1/api/user/oidc/work': () =>
          json(409, { error: true, code: 'LAST_WAY_IN', message: 'last' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Disconnect Work ID' }));
    expect(screen.getByText(/You will no longer be able to sign in with it/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, disconnect Work ID' }));
    expect(
      await screen.findByText(/Work ID is the only way into this account/),
    ).toBeInTheDocument();
  });

  it('shows the list before the confirmation, and its buttons only after it', async () => {
    renderApp({
      path: '/?section=providers',
      storage: { token: 'tok' },
      api: {
        ...HOME,
        'GET /v1/api/user/confirm': () => json(200, { error: false, until: null }),
        'GET /v1/api/user/oidc/providers': listed([WORK]),
        'GET /v1/api/user/oidc/connections': connected([WORK], true),
      },
    });
    expect(await screen.findByText('Work ID')).toBeInTheDocument();
    expect(screen.getByText('Connected')).toBeInTheDocument();
    expect(
      await screen.findByText(
        /To connect or disconnect a sign-in provider, first confirm it is you/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disconnect Work ID' })).toBeNull();
    expect(screen.queryByText(/This account has no password/)).toBeNull();
  });

  it('lets an account without a password confirm it is you with its provider', async () => {
    const { user, effects, sentTo } = renderApp({
      path: '/?section=delete',
      storage: { token: 'tok' },
      api: {
        ...HOME,
        'GET /v1/api/user/confirm': () => json(200, { error: false, until: null }),
        'GET /v1/api/user/oidc/providers': listed([WORK]),
        'GET /v1/api/user/oidc/connections': connected([WORK], false),
        'POST /v1/api/user/oidc/work/start': () =>
          json(200, { error: false, authorizationUrl: 'https://id.example/authorize?state=c' }),
      },
    });
    const button = await screen.findByRole('button', { name: 'Confirm with Work ID' });
    // No password to type: the form for one is not offered.
    expect(document.querySelector('input[name=password]')).not.toBeVisible();
    await user.click(button);
    await waitFor(() => expect(effects.left).toEqual(['https://id.example/authorize?state=c']));
    expect(await sentTo('POST', '/v1/api/user/oidc/work/start')).toEqual([
      { id: 'work', intent: 'confirm', returnTo: '/?section=delete' },
    ]);
  });

  /** This session alone, opened by the provider `work`. */
  const openedByWork = () =>
    json(200, {
      error: false,
      sessions: [
        {
          id: 's1',
          createdAt: '2026-01-15T03:00:00.000Z',
          lastUsedAt: '2026-01-15T03:00:00.000Z',
          userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36',
          current: true,
          openedBy: 'provider:work',
        },
      ],
    });

  // The connections name it too, so the list need not have answered.
  it.each([
    ['answered', listed([WORK])],
    ['not answered yet', deferredResponse().handler],
  ])('says a session was opened with a provider, by its name (the list %s)', async (_, list) => {
    renderApp({
      path: '/?section=sessions',
      storage: { token: 'tok' },
      api: {
        ...HOME,
        'GET /v1/api/user/sessions': openedByWork,
        'GET /v1/api/user/oidc/providers': list,
        'GET /v1/api/user/oidc/connections': connected([WORK], false),
      },
    });
    expect(await screen.findByText('Signed in with Work ID')).toBeInTheDocument();
  });

  it('has no section of providers when none is configured', async () => {
    renderApp({
      path: '/',
      storage: { token: 'tok' },
      api: {
        ...HOME,
        'GET /v1/api/user/oidc/providers': listed([]),
        'GET /v1/api/user/oidc/connections': connected([], true),
      },
    });
    const settings = await screen.findByRole('navigation', { name: 'Settings' });
    await screen.findByRole('link', { name: 'Passkeys' });
    expect(within(settings).queryByRole('link', { name: 'Sign-in providers' })).toBeNull();
  });
});
