// Every attack on a provider sign-in fails, against a real OpenID Provider on loopback
// (testing/oidc/harness.ts), on both engines: a state from another browser, a replayed callback,
// a replayed handoff, a wrong nonce, a token for another audience, an expired token, an
// unverified email, a provider identity whose email is an existing victim's, an identity
// connected elsewhere, an open redirect through the return path. Each ends with no session, no
// link, and the decision in the auth events.
import { API_PATHS } from '../../../contract/api';
import { confirmedAccount, newSubject } from '../../../testing/oidc/accounts';
import {
  startOpenIdProvider,
  type IdTokenForgery,
  type OpenIdProvider,
} from '../../../testing/oidc/harness';
import { FlowBrowser } from '../../../testing/oidc/visitor';
import { bearer } from '../../../testing/server/abuse/accounts';
import { ApiClient } from '../../../testing/server/client';
import { ENGINES, type Engine } from '../../../testing/server/engines';
import { injectedApp, type InjectedApp } from '../../../testing/server/injectedApp';
import type { Clock } from '../../plugins/resources';

const CALLBACK = 'http://localhost:8080/v1/api/user/oidc/test/callback';

let provider: OpenIdProvider;
beforeAll(async () => {
  provider = await startOpenIdProvider({ redirectUris: [CALLBACK] });
});
afterAll(() => provider?.stop());

describe.each(ENGINES)('attacks on a provider sign-in on %s', (_name, engine: Engine) => {
  let running: InjectedApp;
  let addresses = 0;
  const browser = () =>
    new FlowBrowser(ApiClient.inject(running.app, `10.9.2.${(addresses += 1)}`), provider);
  /** How far the server's clock is ahead of this machine's (the expiry tests move it). */
  let aheadMs = 0;
  const clock: Clock = {
    nowMs: () => Date.now() + aheadMs,
    nowSeconds: () => Math.floor((Date.now() + aheadMs) / 1000),
  };
  afterEach(() => {
    aheadMs = 0;
  });

  beforeAll(async () => {
    running = await injectedApp(
      engine,
      { ...provider.env(), RATE_LIMIT_SIGNUP_MAX: '1000', PASSWORD_HASH_QUEUE: '1000' },
      { clock },
    );
  });
  afterAll(() => running?.stop());

  const identitiesOf = (email: string) =>
    running.app.db.selectFrom('oidc_identities').selectAll().where('email', '=', email).execute();
  const refusedCallbacks = async (code: string) =>
    (
      await running.app.db
        .selectFrom('auth_events')
        .select('id')
        .where('event', '=', 'oidcCallback')
        .where('outcome', '=', 'refused')
        .where('code', '=', code)
        .execute()
    ).length;

  /** The callback sent the browser to the login view with this refusal, and no handoff. */
  const expectRefused = (location: URL, code: string) => {
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('provider-error')).toBe(code);
    expect(location.searchParams.get('provider-handoff')).toBeNull();
  };

  it('attack: a state from another browser (its flow cookie missing or another) signs nobody in', async () => {
    const attacker = browser();
    const sub = newSubject('cross-browser');
    const started = await attacker.start({ intent: 'login' });
    const callbackUrl = await attacker.signInAtProvider(started.body.authorizationUrl, {
      sub,
      email: `${sub}@example.com`,
    });
    const before = await refusedCallbacks('PROVIDER_FAILED');
    // The victim's browser holds no cookie of this flow, or its own flow's.
    const victim = browser();
    const bare = await victim.callback(callbackUrl);
    expectRefused(new URL(bare.headers.get('location')!), 'PROVIDER_FAILED');
    await victim.start({ intent: 'login' });
    const other = await victim.callback(callbackUrl);
    expect(other.status).toBe(303);
    expectRefused(new URL(other.headers.get('location')!), 'PROVIDER_FAILED');
    expect(await refusedCallbacks('PROVIDER_FAILED')).toBe(before + 2);
    // The flow is still the attacker's own: nothing of it was spent by the refusals.
    const own = await attacker.callback(callbackUrl);
    expect(new URL(own.headers.get('location')!).searchParams.get('provider-handoff')).toEqual(
      expect.any(String),
    );
  });

  it('attack: a replayed callback is refused (state and code are single use)', async () => {
    const visitor = browser();
    const sub = newSubject('replayed-callback');
    const { callbackUrl, location } = await visitor.throughCallback({
      sub,
      email: `${sub}@example.com`,
    });
    expect(location.searchParams.get('provider-handoff')).toEqual(expect.any(String));
    const replayed = await visitor.callback(callbackUrl);
    expectRefused(new URL(replayed.headers.get('location')!), 'PROVIDER_FAILED');
  });

  it('attack: a replayed handoff, or one sent from another browser, opens no session', async () => {
    const visitor = browser();
    const sub = newSubject('replayed-handoff');
    const { location } = await visitor.throughCallback({ sub, email: `${sub}@example.com` });
    const handoff = location.searchParams.get('provider-handoff')!;
    const elsewhere = await browser().complete(handoff);
    expect([elsewhere.status, elsewhere.body.code]).toEqual([400, 'INVALID_HANDOFF']);
    const cookie = visitor.cookie;
    const first = await visitor.complete(handoff);
    expect(first.status).toBe(200);
    // Replayed by the same browser, its flow cookie as it was (a copy of the request).
    visitor.cookie = cookie;
    const replayed = await visitor.complete(handoff);
    expect([replayed.status, replayed.body.code, replayed.body.token]).toEqual([
      400,
      'INVALID_HANDOFF',
      undefined,
    ]);
  });

  const forgeries: [string, IdTokenForgery][] = [
    ['a wrong nonce', 'nonce'],
    ['a token for another audience', 'audience'],
    ['an expired token', 'expired'],
  ];
  it.each(forgeries)(
    'attack: %s, signed with the provider’s own key, is refused and signs nobody in',
    async (_label, forgery) => {
      const visitor = browser();
      const sub = newSubject(`forged-${forgery}`);
      const email = `${sub}@example.com`;
      await provider.nextIdToken(forgery);
      const { location } = await visitor.throughCallback({ sub, email });
      expectRefused(location, 'PROVIDER_FAILED');
      expect(await identitiesOf(email)).toEqual([]);
      expect(
        await running.app.db.selectFrom('users').select('id').where('email', '=', email).execute(),
      ).toEqual([]);
    },
  );

  it('attack: an unverified provider email is refused with EMAIL_NOT_VERIFIED, and no account is made', async () => {
    const sub = newSubject('unverified');
    const email = `${sub}@example.com`;
    const answer = await browser().signIn({ sub, email, emailVerified: false });
    expect([answer.status, answer.body.code, answer.body.token]).toEqual([
      400,
      'EMAIL_NOT_VERIFIED',
      undefined,
    ]);
    expect(await identitiesOf(email)).toEqual([]);
  });

  it('attack: a provider identity whose email is an existing victim’s gets ACCOUNT_EXISTS: no link, no session', async () => {
    const victim = await confirmedAccount(running.api, 'victim');
    const sub = newSubject('takeover');
    for (let round = 0; round < 2; round += 1) {
      const answer = await browser().signIn({ sub, email: victim.email });
      expect([answer.status, answer.body.code, answer.body.token]).toEqual([
        409,
        'ACCOUNT_EXISTS',
        undefined,
      ]);
    }
    expect(await identitiesOf(victim.email)).toEqual([]);
    const sessions = await running.api.get(API_PATHS.sessions, bearer(victim.token));
    expect(sessions.body.sessions).toHaveLength(1);
    const events = await running.app.db
      .selectFrom('auth_events')
      .select(['outcome', 'code'])
      .where('event', '=', 'oidcComplete')
      .where('code', '=', 'ACCOUNT_EXISTS')
      .execute();
    expect(events.length).toBeGreaterThanOrEqual(2);
  });

  it('attack: an identity connected to one account cannot be connected to another (IDENTITY_TAKEN)', async () => {
    const sub = newSubject('taken');
    const first = await browser().signIn({ sub, email: `${sub}@example.com` });
    expect(first.status).toBe(200);
    const other = await confirmedAccount(running.api, 'other');
    const { location } = await browser().throughCallback(
      { sub, email: `${sub}@example.com` },
      { intent: 'connect' },
      other.token,
    );
    expect(location.searchParams.get('provider-error')).toBe('IDENTITY_TAKEN');
    const owners = await running.app.db
      .selectFrom('oidc_identities')
      .select('user_id')
      .where('subject', '=', sub)
      .execute();
    expect(owners).toEqual([{ user_id: first.body.user.id }]);
  });

  it.each([
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    'evil.example',
    '/ok\nLocation: https://evil.example',
    '',
  ])(
    'attack: an open redirect through the return path %j is refused at the start',
    async (returnTo) => {
      const answer = await browser().start({ intent: 'login', returnTo });
      expect([answer.status, answer.body.code]).toEqual([400, 'VALIDATION']);
      expect(answer.headers.get('set-cookie')).toBeNull();
    },
  );

  it('attack: every callback answer leads to a path of the app, whatever the provider sends', async () => {
    const visitor = browser();
    const returnTo = '/?section=providers';
    const owner = await confirmedAccount(running.api, 'redirects');
    const sub = newSubject('redirects');
    const { answer } = await visitor.throughCallback(
      { sub, email: owner.email },
      { intent: 'connect', returnTo },
      owner.token,
    );
    expect(answer.headers.get('location')).toMatch(
      /^http:\/\/localhost:8080\/\?section=providers&/,
    );
    const hostile = await visitor.callback(
      new URL('/v1/api/user/oidc/test/callback?error=x&state=https://evil.example', CALLBACK),
    );
    expect(hostile.headers.get('location')).toMatch(/^http:\/\/localhost:8080\/login\?/);
  });

  it('attack: a callback more than ten minutes after its start is refused', async () => {
    const visitor = browser();
    const sub = newSubject('late-callback');
    const started = await visitor.start({ intent: 'login' });
    const back = await visitor.signInAtProvider(started.body.authorizationUrl, {
      sub,
      email: `${sub}@example.com`,
    });
    aheadMs = 10 * 60 * 1000 + 1000;
    const answer = await visitor.callback(back);
    expectRefused(new URL(answer.headers.get('location')!), 'PROVIDER_FAILED');
  });

  it('attack: a handoff more than 60 seconds old opens no session', async () => {
    const visitor = browser();
    const sub = newSubject('late-handoff');
    const { location } = await visitor.throughCallback({ sub, email: `${sub}@example.com` });
    aheadMs = 61 * 1000;
    const answer = await visitor.complete(location.searchParams.get('provider-handoff')!);
    expect([answer.status, answer.body.code]).toEqual([400, 'INVALID_HANDOFF']);
  });

  it('a cancelled sign-in at the provider says so, and spends the flow', async () => {
    const visitor = browser();
    const started = await visitor.start({ intent: 'login' });
    const back = await provider.cancel(started.body.authorizationUrl);
    const answer = await visitor.callback(back);
    expectRefused(new URL(answer.headers.get('location')!), 'PROVIDER_CANCELLED');
  });
});
