// Signing in with an OpenID Connect provider against a real OpenID Provider on loopback
// (testing/oidc/harness.ts: oidc-provider, the certified Node implementation), on both engines:
// a new visitor signs up, an existing account connects and then signs in, the second factor is
// still asked, an account without a password confirms with its provider and keeps its last way
// in, a locked account stays out.
import { Secret, TOTP } from 'otpauth';

import { API_PATHS } from '../../../contract/api';
import { confirmedAccount, newSubject } from '../../../testing/oidc/accounts';
import { startOpenIdProvider, type OpenIdProvider } from '../../../testing/oidc/harness';
import { FlowBrowser } from '../../../testing/oidc/visitor';
import {
  bearer,
  OWNER_PASSWORD,
  secondFactorTurnedOn,
} from '../../../testing/server/abuse/accounts';
import { ApiClient } from '../../../testing/server/client';
import { ENGINES, sqlite, type Engine } from '../../../testing/server/engines';
import { injectedApp, type InjectedApp } from '../../../testing/server/injectedApp';
import { lockAccount } from '../../auth/lock';

const CALLBACK = 'http://localhost:8080/v1/api/user/oidc/test/callback';
const DISCONNECT = '/v1/api/user/oidc/test';

let provider: OpenIdProvider;
beforeAll(async () => {
  provider = await startOpenIdProvider({ redirectUris: [CALLBACK] });
});
afterAll(() => provider?.stop());

describe.each(ENGINES)('a provider sign-in on %s', (_name, engine: Engine) => {
  let running: InjectedApp;
  let addresses = 0;
  const browser = () =>
    new FlowBrowser(ApiClient.inject(running.app, `10.9.1.${(addresses += 1)}`), provider);

  beforeAll(async () => {
    running = await injectedApp(engine, {
      ...provider.env(),
      RATE_LIMIT_SIGNUP_MAX: '1000',
      PASSWORD_HASH_QUEUE: '1000',
    });
  });
  afterAll(() => running?.stop());

  /** The account's sessions, as its list answers them. */
  const sessionsOf = async (token: string) =>
    (await running.api.get(API_PATHS.sessions, bearer(token))).body.sessions as Array<{
      openedBy?: string;
      current: boolean;
    }>;

  it('signs a new visitor with a verified email up, into an activated account without a password', async () => {
    const sub = newSubject('new');
    const email = `${sub}@example.com`;
    const visitor = browser();
    const answer = await visitor.signIn({ sub, email, name: 'New Visitor' }, '/?section=security');
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ email, name: 'New Visitor' });
    expect(answer.body.returnTo).toBe('/?section=security');
    const token = answer.body.token as string;
    expect((await visitor.api.get(API_PATHS.verify, bearer(token))).status).toBe(200);
    expect((await visitor.api.get(API_PATHS.oidcConnections, bearer(token))).body).toMatchObject({
      hasPassword: false,
      connections: [{ id: 'test', name: 'Test Provider', email }],
    });
    expect((await sessionsOf(token)).find((s) => s.current)?.openedBy).toBe('provider:test');
    // The same identity signs in to the same account again.
    const again = await browser().signIn({ sub, email });
    expect(again.body.user.id).toBe(answer.body.user.id);
  });

  it('lets an existing account connect the provider, mails its owner, then signs in with it', async () => {
    const owner = await confirmedAccount(running.api, 'connects');
    const sub = newSubject('connects');
    const visitor = browser();
    const { answer, location } = await visitor.throughCallback(
      { sub, email: owner.email },
      { intent: 'connect', returnTo: '/?section=providers' },
      owner.token,
    );
    expect(answer.status).toBe(303);
    expect(location.pathname).toBe('/');
    expect(location.searchParams.get('section')).toBe('providers');
    expect(location.searchParams.get('provider-connected')).toBe('test');
    const mail = await running.api.waitForMail(owner.email, 2);
    expect(mail.subject).toBe('A sign-in provider was connected to your account');
    const signedIn = await browser().signIn({ sub, email: owner.email });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.id).toBe(owner.userId);
    expect((await sessionsOf(signedIn.body.token)).find((s) => s.current)?.openedBy).toBe(
      'provider:test',
    );
  });

  it('refuses to connect without a fresh confirmation, and without a session', async () => {
    const visitor = browser();
    expect((await visitor.start({ intent: 'connect' })).body.code).toBe('INVALID_TOKEN');
    const sub = newSubject('unconfirmed');
    const signedUp = await browser().signIn({ sub, email: `${sub}@example.com` });
    const answer = await visitor.start({ intent: 'connect' }, signedUp.body.token);
    expect([answer.status, answer.body.code]).toEqual([403, 'CONFIRMATION_REQUIRED']);
  });

  it('asks the second factor after a provider as after a password', async () => {
    const owner = await confirmedAccount(running.api, 'two-step');
    const codeAt = (secret: string, ms: number) =>
      TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: ms });
    const { secret } = await secondFactorTurnedOn(running.api, owner.token, (key) =>
      codeAt(key, Date.now() - 30_000),
    );
    const sub = newSubject('two-step');
    await browser().throughCallback(
      { sub, email: owner.email },
      { intent: 'connect' },
      owner.token,
    );
    const answer = await browser().signIn({ sub, email: owner.email });
    expect(answer.status).toBe(200);
    expect(answer.body.token).toBeUndefined();
    expect(answer.body.secondFactor.ticket).toEqual(expect.any(String));
    const second = await running.api.post(API_PATHS.loginSecondFactor, {
      ticket: answer.body.secondFactor.ticket,
      code: codeAt(secret, Date.now()),
    });
    expect(second.status).toBe(200);
    expect(second.body.user.id).toBe(owner.userId);
    expect((await sessionsOf(second.body.token)).find((s) => s.current)?.openedBy).toBe(
      'provider:test',
    );
  });

  it('keeps the last way in of an account without a password, which confirms with its provider and sets a first password by the reset', async () => {
    const sub = newSubject('only-way');
    const email = `${sub}@example.com`;
    const visitor = browser();
    const token = (await visitor.signIn({ sub, email })).body.token as string;
    // Not confirmed: refused before anything is looked at.
    const unconfirmed = await visitor.api.request('DELETE', DISCONNECT, { headers: bearer(token) });
    expect(unconfirmed.body.code).toBe('CONFIRMATION_REQUIRED');
    // No password to confirm with: the provider confirms it is you.
    const { location } = await visitor.throughCallback(
      { sub, email },
      { intent: 'confirm' },
      token,
    );
    expect(location.searchParams.get('provider-confirmed')).toBe('test');
    expect((await visitor.api.get(API_PATHS.confirmation, bearer(token))).body.until).toEqual(
      expect.any(Number),
    );
    const last = await visitor.api.request('DELETE', DISCONNECT, { headers: bearer(token) });
    expect([last.status, last.body.code]).toEqual([409, 'LAST_WAY_IN']);
    // A password login fails like a wrong password: the account has none.
    const login = await visitor.api.post(API_PATHS.login, { email, password: '' + OWNER_PASSWORD });
    expect([login.status, login.body.code]).toEqual([401, 'INVALID_CREDENTIALS']);
    // The reset flow sets a first password; then the provider may go.
    expect((await visitor.api.post(API_PATHS.requestPasswordReset, { email })).status).toBe(202);
    const mail = await visitor.api.waitForMail(email, 1);
    const reset = await visitor.api.post(API_PATHS.resetPassword, {
      email,
      code: mail.code,
      password: OWNER_PASSWORD,
    });
    expect(reset.status).toBe(200);
    const fresh = reset.body.token as string;
    await visitor.api.post(API_PATHS.confirm, { password: OWNER_PASSWORD }, bearer(fresh));
    const gone = await visitor.api.request('DELETE', DISCONNECT, { headers: bearer(fresh) });
    expect(gone.status).toBe(200);
    expect((await visitor.api.waitForMail(email, 3)).subject).toBe(
      'A sign-in provider was disconnected from your account',
    );
    expect(
      (await visitor.api.post(API_PATHS.login, { email, password: OWNER_PASSWORD })).status,
    ).toBe(200);
  });

  it('lets an account without a password delete itself once its provider confirmed it is you', async () => {
    const sub = newSubject('deletes');
    const email = `${sub}@example.com`;
    const visitor = browser();
    const token = (await visitor.signIn({ sub, email })).body.token as string;
    await visitor.throughCallback({ sub, email }, { intent: 'confirm' }, token);
    const deleted = await visitor.api.post(API_PATHS.deleteAccount, {}, bearer(token));
    expect(deleted.status).toBe(200);
    // The identity went with the account: a new sign-in makes a new one.
    const again = await browser().signIn({ sub, email });
    expect(again.status).toBe(200);
  });

  it('refuses a locked account, by its provider as by any way in', async () => {
    const sub = newSubject('locked');
    const email = `${sub}@example.com`;
    const first = await browser().signIn({ sub, email });
    const userId = first.body.user.id as string;
    await running.app.db
      .transaction()
      .execute((trx) =>
        lockAccount(trx, running.app.sessions, userId, Math.floor(Date.now() / 1000)),
      );
    const answer = await browser().signIn({ sub, email });
    expect([answer.status, answer.body.code]).toEqual([403, 'ACCOUNT_LOCKED']);
  });
});

describe('without a provider configured', () => {
  let running: InjectedApp;
  beforeAll(async () => {
    running = await injectedApp(sqlite);
  });
  afterAll(() => running?.stop());

  it('lists none, and every provider endpoint answers 404', async () => {
    expect((await running.api.get(API_PATHS.oidcProviders)).body).toEqual({
      error: false,
      providers: [],
    });
    const start = await running.api.post('/v1/api/user/oidc/test/start', { intent: 'login' });
    expect(start.status).toBe(404);
    const complete = await running.api.post(API_PATHS.oidcComplete, { handoff: 'x' });
    expect(complete.status).toBe(404);
    const callback = await running.api.get('/v1/api/user/oidc/test/callback?code=a&state=b');
    expect(callback.status).toBe(404);
  });
});
