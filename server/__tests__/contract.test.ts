// The API (docs/openapi.json), every row and every failure, on SQLite and on PostgreSQL, through
// Fastify's `inject` (sockets, headers and hostile input are tested in http.test.ts and hardening/).
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';

import { API_PATHS } from '../../contract/api';
import { bearer } from '../../testing/server/abuse/accounts';
import { ApiClient } from '../../testing/server/client';
import { testConfig } from '../../testing/server/config';
import { ENGINES, type Engine } from '../../testing/server/engines';

import { buildApp } from '../app';
import { openDatabase } from '../db/connect';
import type { Database } from '../db/schema';

const PASSWORD = 'correct horse battery staple';
const nowSeconds = () => Math.floor(Date.now() / 1000);
let emailCounter = 0;
const newEmail = (label: string) => `${label}-${++emailCounter}-${Date.now()}@example.com`;

describe.each(ENGINES)('API contract on %s', (_name, engine: Engine) => {
  let tearDown: () => Promise<void>;
  let server: FastifyInstance;
  let strict: FastifyInstance;
  let api: ApiClient;
  let strictApi: ApiClient;
  let db: Kysely<Database>;

  beforeAll(async () => {
    const place = await engine.setUp();
    tearDown = place.tearDown;
    // Mails carry links: with no socket to read an address from, the public address is given.
    const env = { ...place.env, PUBLIC_URL: 'http://localhost:8080' };
    const config = testConfig(place.dataDir, { ...env, RATE_LIMIT_SIGNUP_MAX: '1000' });
    server = await buildApp(config);
    await server.ready();
    // A second server on the same database with tight limits, for the rate-limit rows.
    strict = await buildApp(
      testConfig(place.dataDir, {
        ...env,
        RATE_LIMIT_SIGNUP_MAX: '3',
        RATE_LIMIT_LOGIN_FAILURES_MAX: '3',
      }),
    );
    await strict.ready();
    api = ApiClient.inject(server);
    strictApi = ApiClient.inject(strict);
    db = await openDatabase(config.database);
  });

  afterAll(async () => {
    await db?.destroy();
    await server?.close();
    await strict?.close();
    await tearDown?.();
  });

  async function signUp(email: string, extra: Record<string, string> = {}) {
    const answer = await api.post(
      API_PATHS.signup,
      { name: 'Dara', email, password: PASSWORD },
      extra,
    );
    expect(answer.status).toBe(201);
    return (await api.waitForMail(email, 1)).code as string;
  }

  async function signUpAndActivate(email: string) {
    const code = await signUp(email);
    const answer = await api.post(API_PATHS.verifyAccount, { email, code, password: PASSWORD });
    expect(answer.status).toBe(200);
    return answer.body.token as string;
  }

  describe('GET /healthz', () => {
    it('answers ok when the database answers', async () => {
      const answer = await api.get(API_PATHS.health);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ ok: true });
    });
  });

  describe('POST signup', () => {
    it('answers 201 with the normalized email and mails a six-digit code', async () => {
      const email = newEmail('new');
      const answer = await api.post(API_PATHS.signup, {
        name: ' Dara ',
        email: `  ${email.toUpperCase()} `,
        password: PASSWORD,
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({ error: false, email });
      const mail = await api.waitForMail(email, 1);
      expect(mail.code).toMatch(/^\d{6}$/);
      expect(mail.text).toContain(mail.code);
      // Fixed text: the address has confirmed nothing, so the mail names no one.
      expect(mail.text).toContain('Hello,');
      expect(mail.text).not.toContain('Dara');
      expect(mail.text).toMatch(/[?&]token=[\w-]{43}(&|\s|$)/);
      const row = await db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(row.name).toBe('Dara');
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      const stored = await db
        .selectFrom('activation_codes')
        .selectAll()
        .where('user_id', '=', row.id)
        .executeTakeFirstOrThrow();
      expect(stored.code_hash).not.toContain(mail.code);
      expect(stored.expires_at - nowSeconds()).toBeGreaterThan(14 * 60);
      expect(stored.expires_at - nowSeconds()).toBeLessThanOrEqual(15 * 60);
    });

    it('writes the mail in Khmer when the visitor reads Khmer', async () => {
      const email = newEmail('km');
      await api.post(
        API_PATHS.signup,
        { name: 'Dara', email, password: PASSWORD },
        { 'accept-language': 'km' },
      );
      const mail = await api.waitForMail(email, 1);
      expect(mail.text).toMatch(/[\u1780-\u17FF]/);
      expect(mail.text).toContain(mail.code);
    });

    it.each([
      [{}, { name: 'REQUIRED', email: 'REQUIRED', password: 'REQUIRED' }],
      [{ name: ' ', email: 'a@b.co', password: PASSWORD }, { name: 'REQUIRED' }],
      [{ name: 'x'.repeat(101), email: 'a@b.co', password: PASSWORD }, { name: 'TOO_LONG' }],
      [{ name: 'A', email: 'not-an-email', password: PASSWORD }, { email: 'INVALID_EMAIL' }],
      [{ name: 'A', email: 'a@b.co', password: 'short' }, { password: 'TOO_SHORT' }],
      [{ name: 'A', email: 'a@b.co', password: 'p'.repeat(129) }, { password: 'TOO_LONG' }],
      [{ name: 'A', email: 'a@b.co', password: 'password1' }, { password: 'COMMON_PASSWORD' }],
      [{ name: 'A', email: 'a@b.co', password: 'Password1' }, { password: 'COMMON_PASSWORD' }],
    ])('refuses %j with VALIDATION %j', async (body, fields) => {
      const answer = await api.post(API_PATHS.signup, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        error: true,
        code: 'VALIDATION',
        message: expect.any(String),
        fields,
      });
    });

    it('refuses a body that is not an object', async () => {
      const answer = await api.post(API_PATHS.signup, ['x']);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: true, code: 'VALIDATION' });
    });

    it('accepts 8 and 128 characters, counted as a person counts them', async () => {
      // Neither repetitive nor common: only the length is on trial here.
      const long = 'river of blue mangoes, '.padEnd(128, 'abcdefghijklmnopqrstuvwxyz');
      for (const password of ['🙂🐘🍉🚲🌋🎻🧭🪁', long]) {
        const answer = await api.post(API_PATHS.signup, {
          name: 'A',
          email: newEmail('len'),
          password,
        });
        expect(answer.status).toBe(201);
      }
    });

    it('answers an existing email exactly like a new one and notifies its owner', async () => {
      const email = newEmail('taken');
      await signUpAndActivate(email);
      const again = await api.post(API_PATHS.signup, {
        name: 'Intruder',
        email: ` ${email.toUpperCase()}`,
        password: 'another password 42',
      });
      expect(again.status).toBe(201);
      expect(again.body).toEqual({ error: false, email });
      const notice = await api.waitForMail(email, 2);
      expect(notice.code).toBeUndefined();
      // By the account's own name, never the one the stranger typed.
      expect(notice.text).toContain('Hello Dara,');
      expect(notice.text).not.toContain('Intruder');
      expect(notice.text).toContain('already has yours');
      expect(notice.text).not.toMatch(/Intruder/);
      const rows = await db
        .selectFrom('users')
        .select(['name'])
        .where('email', '=', email)
        .execute();
      expect(rows).toEqual([{ name: 'Dara' }]);
    });

    it('answers a pending email like a new one, mailing its owner a fresh code', async () => {
      const email = newEmail('pending');
      const first = await api.post(API_PATHS.signup, { name: 'Owner', email, password: PASSWORD });
      await api.waitForMail(email, 1);
      const again = await api.post(API_PATHS.signup, {
        name: 'Intruder',
        email,
        password: 'another password 42',
      });
      expect(again.status).toBe(first.status);
      expect(again.body).toEqual(first.body);
      expect((await api.waitForMail(email, 2)).code).toMatch(/^\d{6}$/);
    });

    it('makes exactly one account out of fifty simultaneous sign-ups with one email', async () => {
      const email = newEmail('race');
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          api.post(API_PATHS.signup, { name: `Racer ${i}`, email, password: PASSWORD }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(50).fill(201));
      // The account and its code are made by the mail worker, a moment after the answers: read
      // the database once every stored job has run.
      await api.waitForMail(email, 1);
      for (let waited = 0; waited < 5000; waited += 20) {
        const queued = await db.selectFrom('mail_queue').select('id').limit(1).execute();
        if (queued.length === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const users = await db.selectFrom('users').select('id').where('email', '=', email).execute();
      expect(users).toHaveLength(1);
      const codes = await db
        .selectFrom('activation_codes')
        .select('user_id')
        .where('user_id', '=', users[0]!.id)
        .execute();
      expect(codes).toHaveLength(1);
    });

    it('answers 429 RATE_LIMITED after the per-address limit', async () => {
      const statuses: number[] = [];
      // Counters live in the shared database: an address the other server never saw.
      const fresh = ApiClient.inject(strict, '127.0.0.250');
      for (let i = 0; i < 4; i++) {
        const answer = await fresh.post(API_PATHS.signup, {
          name: 'A',
          email: newEmail('limit'),
          password: PASSWORD,
        });
        statuses.push(answer.status);
        if (answer.status === 429)
          expect(answer.body).toMatchObject({ error: true, code: 'RATE_LIMITED' });
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
    });
  });

  describe('POST verify-account', () => {
    it('activates with the right code and signs the user in', async () => {
      const email = newEmail('activate');
      const code = await signUp(email);
      const answer = await api.post(API_PATHS.verifyAccount, {
        email: email.toUpperCase(),
        code,
        password: PASSWORD,
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        error: false,
        token: expect.any(String),
        user: { id: expect.any(String), name: 'Dara', email, createdAt: expect.any(String) },
        signature: { exp: expect.any(Number) },
      });
      expect(answer.body.token.length).toBeGreaterThanOrEqual(22);
      expect(
        Math.abs(answer.body.signature.exp - (nowSeconds() + 7 * 24 * 3600)),
      ).toBeLessThanOrEqual(2);
      expect(new Date(answer.body.user.createdAt).toISOString()).toBe(answer.body.user.createdAt);
      const verify = await api.get(API_PATHS.verify, bearer(answer.body.token));
      expect(verify.status).toBe(200);
    });

    it('answers PASSWORD_NOT_CHOSEN for the right code with a password not chosen at sign-up, and the code stays valid', async () => {
      const email = newEmail('other-password');
      const code = await signUp(email);
      const answer = await api.post(API_PATHS.verifyAccount, {
        email,
        code,
        password: 'not the password',
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        error: true,
        code: 'PASSWORD_NOT_CHOSEN',
        message: expect.any(String),
      });
      expect(
        (await api.post(API_PATHS.verifyAccount, { email, code, password: PASSWORD })).status,
      ).toBe(200);
    });

    it('refuses a code used once already', async () => {
      const email = newEmail('reuse');
      const code = await signUp(email);
      expect(
        (await api.post(API_PATHS.verifyAccount, { email, code, password: PASSWORD })).status,
      ).toBe(200);
      const again = await api.post(API_PATHS.verifyAccount, { email, code, password: PASSWORD });
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({ error: true, code: 'INVALID_CODE' });
    });

    it('refuses a wrong code, an unknown email and an expired code alike', async () => {
      const email = newEmail('wrong');
      const code = await signUp(email);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      const answers = [
        await api.post(API_PATHS.verifyAccount, { email, code: wrong, password: PASSWORD }),
        await api.post(API_PATHS.verifyAccount, {
          email: newEmail('nobody'),
          code,
          password: PASSWORD,
        }),
      ];
      await db
        .updateTable('activation_codes')
        .set({ expires_at: nowSeconds() - 1 })
        .where(
          'user_id',
          '=',
          (
            await db
              .selectFrom('users')
              .select('id')
              .where('email', '=', email)
              .executeTakeFirstOrThrow()
          ).id,
        )
        .execute();
      answers.push(await api.post(API_PATHS.verifyAccount, { email, code, password: PASSWORD }));
      for (const answer of answers) {
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({
          error: true,
          code: 'INVALID_CODE',
          message: expect.any(String),
        });
      }
    });

    it('answers 429 after five wrong tries, even for the right code', async () => {
      const email = newEmail('tries');
      const code = await signUp(email);
      const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
      for (let i = 0; i < 5; i++) {
        expect(
          (await api.post(API_PATHS.verifyAccount, { email, code: wrong, password: PASSWORD }))
            .status,
        ).toBe(400);
      }
      const answer = await api.post(API_PATHS.verifyAccount, { email, code, password: PASSWORD });
      expect(answer.status).toBe(429);
      expect(answer.body).toMatchObject({ error: true, code: 'RATE_LIMITED' });
    });

    it('refuses malformed input with VALIDATION', async () => {
      const answer = await api.post(API_PATHS.verifyAccount, {
        email: 'nope',
        code: '12a',
        password: '',
      });
      expect(answer.status).toBe(400);
      expect(answer.body.fields).toEqual({
        email: 'INVALID_EMAIL',
        code: 'INVALID_CODE_FORMAT',
        password: 'REQUIRED',
      });
    });
  });

  describe('POST resend-activation', () => {
    it('answers 202 for an unknown email and sends nothing', async () => {
      const email = newEmail('ghost');
      const answer = await api.post(API_PATHS.resendActivation, { email });
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual({ error: false });
      // Every stored mail job has run: had one been stored for this email, its mail is out.
      await server.mail.idle();
      expect(await api.mailsTo(email)).toEqual([]);
    });

    it('replaces the old code with a new one', async () => {
      const email = newEmail('resend');
      const oldCode = await signUp(email);
      expect((await api.post(API_PATHS.resendActivation, { email })).status).toBe(202);
      const newCode = (await api.waitForMail(email, 2)).code;
      if (newCode !== oldCode) {
        expect(
          (await api.post(API_PATHS.verifyAccount, { email, code: oldCode, password: PASSWORD }))
            .status,
        ).toBe(400);
      }
      expect(
        (await api.post(API_PATHS.verifyAccount, { email, code: newCode, password: PASSWORD }))
          .status,
      ).toBe(200);
    });

    it('allows one resend per email per window, then 429', async () => {
      const email = newEmail('resend-limit');
      expect((await api.post(API_PATHS.resendActivation, { email })).status).toBe(202);
      const second = await api.post(API_PATHS.resendActivation, { email: email.toUpperCase() });
      expect(second.status).toBe(429);
      expect(second.body).toMatchObject({ error: true, code: 'RATE_LIMITED' });
      expect(
        (await api.post(API_PATHS.resendActivation, { email: newEmail('other') })).status,
      ).toBe(202);
    });

    it('refuses a malformed email with VALIDATION', async () => {
      const answer = await api.post(API_PATHS.resendActivation, { email: '' });
      expect(answer.status).toBe(400);
      expect(answer.body.fields).toEqual({ email: 'REQUIRED' });
    });
  });

  describe('POST login', () => {
    it('signs in an activated user, whatever the case of the email', async () => {
      const email = newEmail('login');
      await signUpAndActivate(email);
      const answer = await api.post(API_PATHS.login, {
        email: ` ${email.toUpperCase()} `,
        password: PASSWORD,
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ error: false, user: { email, name: 'Dara' } });
      expect(Object.keys(answer.body.user).sort()).toEqual(['createdAt', 'email', 'id', 'name']);
      const stored = await db.selectFrom('sessions').select('token_hash').execute();
      expect(stored.map((s) => s.token_hash)).not.toContain(answer.body.token);
    });

    it('answers an unknown email and a wrong password the same way', async () => {
      const email = newEmail('creds');
      await signUpAndActivate(email);
      const unknown = await api.post(API_PATHS.login, {
        email: newEmail('unknown'),
        password: PASSWORD,
      });
      const wrong = await api.post(API_PATHS.login, { email, password: 'not the password' });
      for (const answer of [unknown, wrong]) {
        expect(answer.status).toBe(401);
        expect(answer.body).toEqual({
          error: true,
          code: 'INVALID_CREDENTIALS',
          message: expect.any(String),
        });
      }
      expect(wrong.body).toEqual(unknown.body);
    });

    it('answers 403 ACCOUNT_NOT_ACTIVATED only after a correct password', async () => {
      const email = newEmail('inactive');
      await signUp(email);
      const wrong = await api.post(API_PATHS.login, { email, password: 'not the password' });
      expect(wrong.status).toBe(401);
      const right = await api.post(API_PATHS.login, { email, password: PASSWORD });
      expect(right.status).toBe(403);
      expect(right.body).toMatchObject({ error: true, code: 'ACCOUNT_NOT_ACTIVATED' });
    });

    it('refuses empty fields with VALIDATION', async () => {
      const answer = await api.post(API_PATHS.login, { email: '', password: '' });
      expect(answer.status).toBe(400);
      expect(answer.body.fields).toEqual({ email: 'REQUIRED', password: 'REQUIRED' });
    });

    it('answers 429 once an email has had its failures, and only for that email', async () => {
      const email = newEmail('brute');
      await signUpAndActivate(email);
      for (let i = 0; i < 3; i++) {
        expect(
          (await strictApi.post(API_PATHS.login, { email, password: `wrong ${i} guess` })).status,
        ).toBe(401);
      }
      const blocked = await strictApi.post(API_PATHS.login, { email, password: PASSWORD });
      expect(blocked.status).toBe(429);
      expect(blocked.body).toMatchObject({ error: true, code: 'RATE_LIMITED' });
      const other = newEmail('bystander');
      await signUpAndActivate(other);
      expect(
        (await strictApi.post(API_PATHS.login, { email: other, password: PASSWORD })).status,
      ).toBe(200);
    });
  });

  describe('GET verify', () => {
    it('answers the user and the session expiry, never cached', async () => {
      const email = newEmail('verify');
      const token = await signUpAndActivate(email);
      const answer = await api.get(API_PATHS.verify, bearer(token));
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.body).toEqual({
        error: false,
        user: { id: expect.any(String), name: 'Dara', email, createdAt: expect.any(String) },
        signature: { exp: expect.any(Number) },
      });
      const session = await db
        .selectFrom('sessions')
        .select('expires_at')
        .where('user_id', '=', answer.body.user.id)
        .executeTakeFirstOrThrow();
      expect(answer.body.signature.exp).toBe(session.expires_at);
    });

    it.each([
      ['no header', {}],
      ['an unknown token', { authorization: 'Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }],
      ['a malformed header', { authorization: 'Basic abc' }],
    ])('answers 401 INVALID_TOKEN for %s', async (_label, headers) => {
      const answer = await api.get(API_PATHS.verify, headers as Record<string, string>);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        error: true,
        code: 'INVALID_TOKEN',
        message: expect.any(String),
      });
    });

    it('answers 401 for an expired session', async () => {
      const token = await signUpAndActivate(newEmail('expired'));
      const user = (await api.get(API_PATHS.verify, bearer(token))).body.user;
      await db
        .updateTable('sessions')
        .set({ expires_at: nowSeconds() - 1 })
        .where('user_id', '=', user.id)
        .execute();
      const answer = await api.get(API_PATHS.verify, bearer(token));
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe('INVALID_TOKEN');
    });
  });

  describe('POST logout', () => {
    it('revokes the session server-side', async () => {
      const token = await signUpAndActivate(newEmail('logout'));
      const answer = await api.post(API_PATHS.logout, undefined, bearer(token));
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ error: false });
      expect((await api.get(API_PATHS.verify, bearer(token))).status).toBe(401);
      const again = await api.post(API_PATHS.logout, undefined, bearer(token));
      expect(again.status).toBe(401);
      expect(again.body.code).toBe('INVALID_TOKEN');
    });

    it('answers 401 INVALID_TOKEN without a token', async () => {
      const answer = await api.post(API_PATHS.logout);
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ error: true, code: 'INVALID_TOKEN' });
    });
  });

  describe('GET outbox', () => {
    it('lists messages newest last', async () => {
      const first = newEmail('order');
      const second = newEmail('order');
      await signUp(first);
      await signUp(second);
      const { body } = await api.get(API_PATHS.outbox);
      expect(body.error).toBe(false);
      const recipients = body.messages.map((m: { to: string }) => m.to);
      expect(recipients.indexOf(second)).toBeGreaterThan(recipients.indexOf(first));
      const times = body.messages.map((m: { sentAt: string }) => Date.parse(m.sentAt));
      expect(times).toEqual([...times].sort((a, b) => a - b));
    });
  });

  describe('failures of any request', () => {
    it('answers 413 for a body over 16 KiB', async () => {
      const answer = await api.post(API_PATHS.signup, {
        name: 'A',
        email: 'a@b.co',
        password: 'x'.repeat(17 * 1024),
      });
      expect(answer.status).toBe(413);
      expect(answer.body).toMatchObject({ error: true, code: 'PAYLOAD_TOO_LARGE' });
    });

    it('answers 415 for a body that is not JSON', async () => {
      const response = await server.inject({
        method: 'POST',
        url: API_PATHS.login,
        headers: { 'content-type': 'text/plain' },
        payload: 'email=a@b.co',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ error: true, code: 'UNSUPPORTED_MEDIA_TYPE' });
    });

    it('answers 400 BAD_REQUEST for malformed JSON', async () => {
      const response = await server.inject({
        method: 'POST',
        url: API_PATHS.login,
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: true, code: 'BAD_REQUEST' });
    });

    it('answers 404 JSON for an unknown API path or method', async () => {
      for (const answer of [await api.get('/v1/api/nothing'), await api.get(API_PATHS.login)]) {
        expect(answer.status).toBe(404);
        expect(answer.body).toMatchObject({ error: true, code: 'NOT_FOUND' });
      }
    });
  });
});
