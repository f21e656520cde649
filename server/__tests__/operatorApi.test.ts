// The operator API: every refusal first (a guest, someone not an operator, an operator whose
// session is not confirmed, or confirmed with the password alone, or too long ago), then each read
// and each action, with the record naming the operator and the mail telling the user. On SQLite,
// and on PostgreSQL with Redis.
import type { FastifyInstance } from 'fastify';

import { API_PATHS } from '../../contract/api';
import { endpoints, type EndpointName } from '../../contract/endpoints';
import {
  bearer,
  pendingAccount,
  secondFactorTurnedOn,
  uniqueEmail,
} from '../../testing/server/abuse/accounts';
import { tinyLog } from '../../testing/server/actionLogs';
import { ApiClient } from '../../testing/server/client';
import type { Engine } from '../../testing/server/engines';
import {
  OPERATOR_ENGINES,
  operatorApp,
  PASSWORD,
  passkeyAdded,
  passkeySignature,
  signedUp,
  totpAt,
  type OperatorApp,
} from '../../testing/server/operators';
import { OPERATOR_CALLS_PER_MINUTE } from '../auth/operator';
import { connectIdentity } from '../oidc/identities';
import type { Clock } from '../plugins/resources';
import { grantOperator, revokeOperator } from '../repo/operators';

const OPERATOR_ENDPOINTS = (Object.keys(endpoints) as EndpointName[]).filter(
  (name) => endpoints[name].tag === 'operator',
);

describe.each(OPERATOR_ENGINES)('the operator API on %s', (_name, engine: Engine) => {
  let running: OperatorApp | undefined;
  let app: FastifyInstance;
  let api: ApiClient;
  let nowMs = Date.now();
  const clock: Clock = { nowSeconds: () => Math.floor(nowMs / 1000), nowMs: () => nowMs };
  const codeOf = (secret: string) => {
    nowMs += 30_000;
    return totpAt(secret, nowMs);
  };

  beforeAll(async () => {
    running = await operatorApp(engine, {}, { clock });
    ({ app, api } = running);
  });
  afterAll(() => running?.stop());

  const grant = (email: string) => grantOperator(app.db, email, clock.nowSeconds());

  /** An operator with two-step sign-in on, its session confirmed with the code. */
  async function confirmedOperator(label: string) {
    const account = await signedUp(api, label);
    await grant(account.email);
    const { secret } = await secondFactorTurnedOn(api, account.token, codeOf, PASSWORD);
    const confirmed = await api.post(
      API_PATHS.confirm,
      { password: PASSWORD, code: codeOf(secret) },
      bearer(account.token),
    );
    expect(confirmed.status).toBe(200);
    return { ...account, secret, headers: bearer(account.token) };
  }

  /** The endpoint's request for the user `id`, as `headers` send it. */
  function call(name: EndpointName, id: string, headers?: Record<string, string>) {
    const spec = endpoints[name];
    const path = spec.path.replace(':id', encodeURIComponent(id));
    if (name === 'operatorUsers') return api.get(`${path}?id=${encodeURIComponent(id)}`, headers);
    if (name === 'operatorAddressEvents') return api.get(`${path}?address=10.9.8.7`, headers);
    if (spec.method === 'GET') return api.get(path, headers);
    return api.request(spec.method, path, {
      body: 'body' in spec ? {} : undefined,
      headers,
    });
  }

  async function expectEveryEndpoint(
    headers: Record<string, string> | undefined,
    status: number,
    code: string,
  ) {
    const { userId } = await signedUp(api, 'refusal-target');
    for (const name of OPERATOR_ENDPOINTS) {
      const answer = await call(name, userId, headers);
      expect({ name, status: answer.status, code: answer.body.code }).toEqual({
        name,
        status,
        code,
      });
    }
    // Nothing happened to the user.
    const row = await app.db
      .selectFrom('users')
      .select('locked_at')
      .where('id', '=', userId)
      .executeTakeFirst();
    expect(row).toEqual({ locked_at: null });
  }

  it('has twelve endpoints, all under /v1/api/operator/', () => {
    expect(OPERATOR_ENDPOINTS).toHaveLength(12);
    for (const name of OPERATOR_ENDPOINTS) {
      expect(endpoints[name].path.startsWith('/v1/api/operator/')).toBe(true);
    }
  });

  it('answers a guest 401 INVALID_TOKEN on every endpoint', async () => {
    await expectEveryEndpoint(undefined, 401, 'INVALID_TOKEN');
  });

  it('answers someone not an operator 403 FORBIDDEN, confirmed strongly or not', async () => {
    const visitor = await signedUp(api, 'not-operator');
    const { secret } = await secondFactorTurnedOn(api, visitor.token, codeOf, PASSWORD);
    const confirmed = await api.post(
      API_PATHS.confirm,
      { password: PASSWORD, code: codeOf(secret) },
      bearer(visitor.token),
    );
    expect(confirmed.status).toBe(200);
    await expectEveryEndpoint(bearer(visitor.token), 403, 'FORBIDDEN');
    // A revoked operator is no operator.
    const former = await confirmedOperator('former-operator');
    await app.db
      .updateTable('users')
      .set({ operator_at: null })
      .where('id', '=', former.userId)
      .execute();
    await expectEveryEndpoint(former.headers, 403, 'FORBIDDEN');
  });

  it('answers an operator without a confirmation 403 CONFIRMATION_REQUIRED', async () => {
    const operator = await signedUp(api, 'unconfirmed-operator');
    await grant(operator.email);
    await secondFactorTurnedOn(api, operator.token, codeOf, PASSWORD);
    await expectEveryEndpoint(bearer(operator.token), 403, 'CONFIRMATION_REQUIRED');
  });

  it('takes no password-only confirmation, and tells an operator with neither to set one up', async () => {
    const operator = await signedUp(api, 'weak-operator');
    await grant(operator.email);
    const confirmed = await api.post(
      API_PATHS.confirm,
      { password: PASSWORD },
      bearer(operator.token),
    );
    expect(confirmed.status).toBe(200);
    await expectEveryEndpoint(bearer(operator.token), 403, 'CONFIRMATION_REQUIRED');
    const answer = await call('operatorUser', operator.userId, bearer(operator.token));
    expect(answer.body.message).toMatch(/has neither: set one up first/);

    // With a passkey, the password still is not enough; the passkey is.
    const passkey = await passkeyAdded(api, operator.token);
    const again = await call('operatorUser', operator.userId, bearer(operator.token));
    expect(again.status).toBe(403);
    expect(again.body.message).toMatch(/a password alone is not enough/);
    const response = await passkeySignature(
      api,
      passkey,
      API_PATHS.confirmOptions,
      bearer(operator.token),
    );
    const strong = await api.post(
      API_PATHS.confirm,
      { passkeyResponse: response },
      bearer(operator.token),
    );
    expect(strong.status).toBe(200);
    expect((await call('operatorUser', operator.userId, bearer(operator.token))).status).toBe(200);
  });

  it('asks again ten minutes after the confirmation', async () => {
    const operator = await confirmedOperator('late-operator');
    expect((await call('operatorUser', operator.userId, operator.headers)).status).toBe(200);
    nowMs += 10 * 60 * 1000;
    const late = await call('operatorUser', operator.userId, operator.headers);
    expect(late.status).toBe(403);
    expect(late.body.code).toBe('CONFIRMATION_REQUIRED');
  });

  it('finds users by the start of their email (wildcards literal) or by id', async () => {
    const operator = await confirmedOperator('finder');
    const label = `find${Date.now()}`;
    const one = await signedUp(api, `${label}-a`);
    const two = await signedUp(api, `${label}-b`);
    const byPrefix = await api.get(
      `${API_PATHS.operatorUsers}?email=${encodeURIComponent(label.toUpperCase())}`,
      operator.headers,
    );
    expect(byPrefix.status).toBe(200);
    expect(byPrefix.body.users.map((user: { email: string }) => user.email)).toEqual(
      [one.email, two.email].sort(),
    );
    expect(byPrefix.body.users[0]).toEqual({
      id: expect.any(String),
      email: expect.any(String),
      name: 'Owner',
      createdAt: expect.any(String),
      activatedAt: expect.any(String),
      lockedAt: null,
    });
    const wildcard = await api.get(`${API_PATHS.operatorUsers}?email=%25`, operator.headers);
    expect(wildcard.body.users).toEqual([]);
    const byId = await api.get(`${API_PATHS.operatorUsers}?id=${two.userId}`, operator.headers);
    expect(byId.body.users.map((user: { id: string }) => user.id)).toEqual([two.userId]);
    const neither = await api.get(API_PATHS.operatorUsers, operator.headers);
    expect(neither.status).toBe(400);
    expect(neither.body.code).toBe('VALIDATION');
  });

  it("reads a user's summary and their events, newest first, 50 a page", async () => {
    const operator = await confirmedOperator('reader');
    const user = await signedUp(api, 'read-user');
    await secondFactorTurnedOn(api, user.token, codeOf, PASSWORD);
    for (let i = 0; i < 55; i += 1) {
      nowMs += 1;
      await api.post(API_PATHS.revokeOtherSessions, undefined, bearer(user.token));
    }
    const summary = await call('operatorUser', user.userId, operator.headers);
    expect(summary.status).toBe(200);
    expect(summary.body.user).toMatchObject({
      id: user.userId,
      email: user.email,
      operator: false,
      secondFactor: true,
      passkeys: [],
      lockedAt: null,
      lastSignInAt: expect.any(String),
      providers: [],
    });
    expect(summary.body.user.sessions).toEqual([
      {
        id: expect.any(String),
        openedBy: 'password',
        createdAt: expect.any(String),
        lastUsedAt: expect.any(String),
        userAgent: 'lightMyRequest',
      },
    ]);
    expect(summary.body.user).not.toHaveProperty('password_hash');

    const first = await call('operatorUserEvents', user.userId, operator.headers);
    expect(first.status).toBe(200);
    expect(first.body.events).toHaveLength(50);
    expect(first.body.events[0].event).toBe('revokeOtherSessions');
    const times = first.body.events.map((event: { time: string }) => event.time);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await api.get(
      `${API_PATHS.operatorUserEvents.replace(':id', user.userId)}?before=${first.body.next}`,
      operator.headers,
    );
    const ids = new Set(first.body.events.map((event: { id: string }) => event.id));
    expect(second.body.events.length).toBeGreaterThan(0);
    for (const event of second.body.events) expect(ids.has(event.id)).toBe(false);
    // Both pages: the sign-up (which names the email, not the account), the activation, the
    // second factor's setup and first code, and the 55 calls.
    const all = [...first.body.events, ...second.body.events].map(
      (event: { event: string }) => event.event,
    );
    expect(all.sort()).toEqual([
      'confirmSecondFactor',
      ...Array<string>(55).fill('revokeOtherSessions'),
      'signup',
      'startSecondFactor',
      'verifyAccount',
    ]);
    expect(second.body.next).toBeNull();
    const unknown = await call('operatorUser', 'no-such-user', operator.headers);
    expect(unknown.status).toBe(404);
  });

  it("lists the user's connected providers, oldest first, by name or by id", async () => {
    const operator = await confirmedOperator('provider-reader');
    const user = await signedUp(api, 'provider-user');
    const connect = (providerId: string, subject: string, now: number) =>
      connectIdentity(app.db, {
        issuer: `https://${providerId}.example`,
        subject,
        userId: user.userId,
        providerId,
        email: `${subject}@${providerId}.example`,
        now,
      });
    expect(await connect('later', 'b', 1_800_000_100)).toBe(true);
    expect(await connect('gone', 'a', 1_800_000_000)).toBe(true);
    const summary = await call('operatorUser', user.userId, operator.headers);
    expect(summary.status).toBe(200);
    // Neither provider is configured on this server: each shows by its id.
    expect(summary.body.user.providers).toEqual([
      {
        id: 'gone',
        name: 'gone',
        email: 'a@gone.example',
        createdAt: new Date(1_800_000_000_000).toISOString(),
      },
      {
        id: 'later',
        name: 'later',
        email: 'b@later.example',
        createdAt: new Date(1_800_000_100_000).toISOString(),
      },
    ]);
  });

  it('ends one session or all, locks and unlocks, each recorded and mailed', async () => {
    const operator = await confirmedOperator('actor');
    const user = await signedUp(api, 'acted-on');
    const second = (await api.post(API_PATHS.login, { email: user.email, password: PASSWORD })).body
      .token as string;
    const sessions = (await call('operatorUser', user.userId, operator.headers)).body.user
      .sessions as Array<{ id: string }>;
    expect(sessions).toHaveLength(2);
    const path = (name: EndpointName) => endpoints[name].path.replace(':id', user.userId);

    const endOne = await api.post(
      path('operatorEndSessions'),
      { sessionId: sessions[0]!.id },
      operator.headers,
    );
    expect(endOne.body).toEqual({ error: false, ended: 1 });
    const unknown = await api.post(
      path('operatorEndSessions'),
      { sessionId: 'nope' },
      operator.headers,
    );
    expect(unknown.status).toBe(404);
    const endAll = await api.post(path('operatorEndSessions'), {}, operator.headers);
    expect(endAll.body).toEqual({ error: false, ended: 1 });
    for (const token of [user.token, second]) {
      expect((await api.get(API_PATHS.verify, bearer(token))).status).toBe(401);
    }
    expect((await api.waitForMail(user.email, 3)).subject).toMatch(
      /^Support signed your account out · /,
    );

    expect((await api.post(path('operatorLock'), undefined, operator.headers)).status).toBe(200);
    const locked = await api.post(API_PATHS.login, { email: user.email, password: PASSWORD });
    expect(locked.status).toBe(403);
    expect(locked.body.code).toBe('ACCOUNT_LOCKED');
    const lockMail = await api.waitForMail(user.email, 4);
    expect(lockMail.subject).toMatch(/^Your account was locked · គណនីរបស់អ្នកត្រូវបានចាក់សោ$/);
    expect(lockMail.text).toContain('support@example.com');

    expect((await api.post(path('operatorUnlock'), undefined, operator.headers)).status).toBe(200);
    expect((await api.waitForMail(user.email, 5)).subject).toMatch(/^Your account was unlocked/);
    const back = await api.post(API_PATHS.login, { email: user.email, password: PASSWORD });
    expect(back.status).toBe(200);

    const rows = await app.db
      .selectFrom('auth_events')
      .select(['event', 'user_id', 'operator_id', 'session_id'])
      .where('operator_id', '=', operator.userId)
      .execute();
    // The test's clock stands still between the actions: their order is not the time's.
    expect(rows.map((row) => row.event).sort()).toEqual([
      'operatorEndSessions',
      'operatorEndSessions',
      'operatorLock',
      'operatorUnlock',
    ]);
    for (const row of rows) expect(row.user_id).toBe(user.userId);
  });

  it('mails a new activation code to a pending user only, and deletes a user', async () => {
    const operator = await confirmedOperator('resender');
    const email = uniqueEmail('pending');
    await pendingAccount(api, email, PASSWORD);
    const { id } = await app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const resend = await api.post(
      endpoints.operatorResendActivation.path.replace(':id', id),
      undefined,
      operator.headers,
    );
    expect(resend.status).toBe(202);
    const mail = await api.waitForMail(email, 2);
    expect(mail.code).toMatch(/^\d{6}$/);
    const activated = await api.post(API_PATHS.verifyAccount, {
      email,
      code: mail.code,
      password: PASSWORD,
    });
    expect(activated.status).toBe(200);
    const again = await api.post(
      endpoints.operatorResendActivation.path.replace(':id', id),
      undefined,
      operator.headers,
    );
    expect(again.status).toBe(404);

    const deleted = await api.request(
      'DELETE',
      endpoints.operatorDeleteUser.path.replace(':id', id),
      {
        headers: operator.headers,
      },
    );
    expect(deleted.status).toBe(200);
    expect(
      await app.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
    expect((await api.waitForMail(email, 3)).subject).toMatch(/^Your account was deleted/);
    const event = await app.db
      .selectFrom('auth_events')
      .select(['user_id', 'operator_id'])
      .where('event', '=', 'operatorDeleteUser')
      .where('operator_id', '=', operator.userId)
      .executeTakeFirst();
    expect(event).toEqual({ user_id: null, operator_id: operator.userId });
    const gone = await api.request('DELETE', endpoints.operatorDeleteUser.path.replace(':id', id), {
      headers: operator.headers,
    });
    expect(gone.status).toBe(404);
  });

  it("reads the events of a client address through the record's keyed hash", async () => {
    const operator = await confirmedOperator('address-reader');
    const elsewhere = ApiClient.inject(app, '10.20.30.40');
    const failed = await elsewhere.post(API_PATHS.login, {
      email: uniqueEmail('nobody'),
      password: 'not a password here',
    });
    expect(failed.status).toBe(401);
    await app.authEvents.flush();
    const before = await app.db
      .selectFrom('auth_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const events = await api.get(
      `${API_PATHS.operatorAddressEvents}?address=10.20.30.40`,
      operator.headers,
    );
    expect(events.status).toBe(200);
    expect(events.body.events).toEqual([
      expect.objectContaining({
        event: 'login',
        outcome: 'refused',
        code: 'INVALID_CREDENTIALS',
        userId: null,
      }),
    ]);
    expect(events.body.events[0].addressHash).toBe(app.authEvents.addressHash('10.20.30.40'));
    const none = await api.get(
      `${API_PATHS.operatorAddressEvents}?address=10.20.30.41`,
      operator.headers,
    );
    expect(none.body).toEqual({ error: false, events: [], next: null });
    const bad = await api.get(
      `${API_PATHS.operatorAddressEvents}?address=not-an-address`,
      operator.headers,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION');
    // The reads write nothing; the refused one its code, never the address typed.
    await app.authEvents.flush();
    const after = await app.db
      .selectFrom('auth_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
    const refusal = await app.db
      .selectFrom('auth_events')
      .select(['code', 'user_id'])
      .where('event', '=', 'operatorAddressEvents')
      .where('user_id', '=', operator.userId)
      .execute();
    expect(refusal).toEqual([
      { code: 'VALIDATION address:INVALID_CHARACTERS', user_id: operator.userId },
    ]);
  });

  it("shows a user's refused sign-ins for their email, which the record keeps only keyed", async () => {
    const operator = await confirmedOperator('refusal-reader');
    const user = await signedUp(api, 'refused-user');
    const elsewhere = ApiClient.inject(app, '10.20.30.50');
    for (const email of [user.email, user.email.toUpperCase(), uniqueEmail('someone-else')]) {
      const failed = await elsewhere.post(API_PATHS.login, { email, password: 'not the password' });
      expect(failed.status).toBe(401);
    }
    await app.authEvents.flush();
    const events = await call('operatorUserEvents', user.userId, operator.headers);
    expect(events.status).toBe(200);
    const refused = events.body.events.filter(
      (event: { outcome: string }) => event.outcome === 'refused',
    );
    // The two tries at this email (as typed or not), with their limit: "try N of M".
    expect(refused).toEqual([
      expect.objectContaining({
        event: 'login',
        code: 'INVALID_CREDENTIALS',
        userId: null,
        limit: expect.objectContaining({ name: expect.any(String) }),
      }),
      expect.objectContaining({ event: 'login', code: 'INVALID_CREDENTIALS', userId: null }),
    ]);
    // The record holds no email in the clear, only its keyed hash.
    const kept = JSON.stringify(
      await app.db.selectFrom('auth_events').selectAll().where('event', '=', 'login').execute(),
    );
    expect(kept).not.toContain(user.email);
    expect(kept.toLowerCase()).not.toContain(user.email.toLowerCase());
    // Deleting the account deletes its email's events with it.
    const deleted = await call('operatorDeleteUser', user.userId, operator.headers);
    expect(deleted.status).toBe(200);
    const left = await app.db
      .selectFrom('auth_events')
      .select('id')
      .where('email_hash', '=', app.authEvents.emailHash(user.email))
      .execute();
    expect(left).toEqual([]);
  });

  it("lists a user's uploads and reads one by its reference, as typed", async () => {
    const operator = await confirmedOperator('upload-reader');
    const user = await signedUp(api, 'uploader');
    const sent = await api.request('POST', API_PATHS.actionLogs, {
      body: JSON.parse(tinyLog()),
      headers: bearer(user.token),
    });
    expect(sent.status).toBe(201);
    const reference = sent.body.reference as string;
    const uploads = await api.get(
      endpoints.operatorUserUploads.path.replace(':id', user.userId),
      operator.headers,
    );
    expect(uploads.status).toBe(200);
    expect(uploads.body.uploads).toEqual([
      expect.objectContaining({
        reference,
        size: expect.any(Number),
        createdAt: expect.any(String),
      }),
    ]);
    const typed = reference.replace('-', '').toLowerCase();
    const upload = await api.get(
      endpoints.operatorUpload.path.replace(':id', typed),
      operator.headers,
    );
    expect(upload.status).toBe(200);
    expect(upload.body.reference).toBe(reference);
    expect(JSON.parse(upload.body.log).actionLog.app).toBe('accounts-app@1.0.0');
    const missing = await api.get(
      endpoints.operatorUpload.path.replace(':id', 'ZZZZ-2222'),
      operator.headers,
    );
    expect(missing.status).toBe(404);
  });

  it("never locks or deletes an operator's account, its own included", async () => {
    const operator = await confirmedOperator('guard');
    const other = await confirmedOperator('guarded');
    for (const id of [operator.userId, other.userId]) {
      for (const name of ['operatorLock', 'operatorDeleteUser'] as const) {
        const answer = await call(name, id, operator.headers);
        expect({ name, status: answer.status, code: answer.body.code }).toEqual({
          name,
          status: 403,
          code: 'FORBIDDEN',
        });
        expect(answer.body.message).toMatch(/command line/);
      }
    }
    const row = await app.db
      .selectFrom('users')
      .select('locked_at')
      .where('id', '=', other.userId)
      .executeTakeFirst();
    expect(row).toEqual({ locked_at: null });
    // Once the role is revoked on the command line, the account is a user's like any other.
    await revokeOperator(app.db, other.email);
    expect((await call('operatorLock', other.userId, operator.headers)).status).toBe(200);
  });

  it('makes its call counter once, not per call', async () => {
    const operator = await confirmedOperator('counted');
    const made = jest.spyOn(app.limits, 'counter');
    try {
      for (let i = 0; i < 3; i += 1) {
        expect((await call('operatorUser', operator.userId, operator.headers)).status).toBe(200);
      }
      expect(made).not.toHaveBeenCalled();
    } finally {
      made.mockRestore();
    }
  });

  it(`limits each operator to ${OPERATOR_CALLS_PER_MINUTE} calls a minute`, async () => {
    const operator = await confirmedOperator('busy');
    for (let i = 0; i < OPERATOR_CALLS_PER_MINUTE; i += 1) {
      expect((await call('operatorUser', operator.userId, operator.headers)).status).toBe(200);
    }
    const refused = await call('operatorUser', operator.userId, operator.headers);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
