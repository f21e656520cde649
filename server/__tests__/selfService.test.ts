// The API's self-service rows (docs/openapi.json): password reset, password and email changes,
// sessions, deletion; on SQLite and on PostgreSQL, through Fastify's `inject`.
import type { FastifyInstance } from 'fastify';

import { sql } from 'kysely';

import { API_PATHS } from '../../contract/api';
import { bearer } from '../../testing/server/abuse/accounts';
import { capturedLog } from '../../testing/server/capturedLog';
import { ApiClient } from '../../testing/server/client';
import { ENGINES, type Engine } from '../../testing/server/engines';
import { injectedApp, type InjectedApp } from '../../testing/server/injectedApp';

const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'a brand new passphrase';
let counter = 0;
const newEmail = (label: string) => `${label}-${++counter}-${Date.now()}@example.com`;

describe.each(ENGINES)('account self-service on %s', (_name, engine: Engine) => {
  let running: InjectedApp | undefined;
  let server: FastifyInstance;
  let api: ApiClient;
  const log = capturedLog();
  const secrets: string[] = [];

  beforeAll(async () => {
    running = await injectedApp(
      engine,
      { RATE_LIMIT_SIGNUP_MAX: '1000', RATE_LIMIT_RESEND_WINDOW_SECONDS: '1', LOG_LEVEL: 'info' },
      { logStream: log.stream },
    );
    ({ app: server, api } = running);
  });

  afterAll(() => running?.stop());

  /** An activated account; returns its email and a session token. */
  async function account(
    label: string,
    userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
  ) {
    const email = newEmail(label);
    expect(
      (await api.post(API_PATHS.signup, { name: 'Dara', email, password: PASSWORD })).status,
    ).toBe(201);
    const { code } = await api.waitForMail(email, 1);
    const activated = await api.post(
      API_PATHS.verifyAccount,
      { email, code, password: PASSWORD },
      { 'user-agent': userAgent },
    );
    expect(activated.status).toBe(200);
    secrets.push(activated.body.token, code ?? '');
    return { email, token: activated.body.token as string };
  }

  async function login(email: string, password = PASSWORD, userAgent = 'curl/8.0') {
    const answer = await api.post(
      API_PATHS.login,
      { email, password },
      { 'user-agent': userAgent },
    );
    if (answer.status === 200) secrets.push(answer.body.token);
    return answer;
  }

  async function rowsOf(userId: string) {
    const { db } = server;
    const counts: Record<string, number> = {};
    for (const table of [
      'sessions',
      'activation_codes',
      'registrations',
      'account_codes',
      'action_logs',
    ] as const) {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      counts[table] = Number(row.n);
    }
    const users = await db.selectFrom('users').select('id').where('id', '=', userId).execute();
    counts.users = users.length;
    return counts;
  }

  describe('password reset', () => {
    it('answers 202 whatever the email, and mails a code and a link only to an activated account', async () => {
      const { email } = await account('reset');
      const pendingEmail = newEmail('reset-pending');
      await api.post(API_PATHS.signup, { name: 'P', email: pendingEmail, password: PASSWORD });
      await api.waitForMail(pendingEmail, 1);
      const unknown = newEmail('reset-unknown');
      for (const target of [email, pendingEmail, unknown]) {
        const answer = await api.post(API_PATHS.requestPasswordReset, { email: target });
        expect([answer.status, answer.body]).toEqual([202, { error: false }]);
      }
      await server.mail.idle();
      const mail = await api.waitForMail(email, 2);
      expect(mail.subject).toMatch(/password reset code/);
      expect(mail.code).toMatch(/^\d{6}$/);
      const link = new URL(mail.link ?? '');
      expect(link.pathname).toBe('/user/reset-password');
      expect(link.searchParams.get('email')).toBe(email);
      expect(link.searchParams.get('code')).toBe(mail.code);
      expect(mail.html).toContain('href="');
      // The pending account is reminded to activate; nothing goes to an unknown address.
      expect((await api.waitForMail(pendingEmail, 2)).subject).toMatch(/activation code/);
      expect(await api.mailsTo(unknown)).toEqual([]);
    });

    it('signs in with the code and a new password, ends every other session, and the old password stops working', async () => {
      const { email, token } = await account('reset-use');
      await api.post(API_PATHS.requestPasswordReset, { email });
      const { code } = await api.waitForMail(email, 2);
      secrets.push(code ?? '');
      const reset = await api.post(API_PATHS.resetPassword, {
        email,
        code,
        password: NEW_PASSWORD,
      });
      expect(reset.status).toBe(200);
      expect(reset.body).toMatchObject({
        error: false,
        user: { email },
        signature: { exp: expect.any(Number) },
      });
      secrets.push(reset.body.token);
      expect((await api.get(API_PATHS.verify, bearer(token))).status).toBe(401);
      expect((await api.get(API_PATHS.verify, bearer(reset.body.token))).status).toBe(200);
      expect((await login(email)).status).toBe(401);
      expect((await login(email, NEW_PASSWORD)).status).toBe(200);
      // Used once.
      const again = await api.post(API_PATHS.resetPassword, {
        email,
        code,
        password: 'another new passphrase',
      });
      expect([again.status, again.body.code]).toEqual([400, 'INVALID_CODE']);
    });

    it('refuses a wrong code, an unknown email and a weak password', async () => {
      const { email } = await account('reset-wrong');
      await api.post(API_PATHS.requestPasswordReset, { email });
      const { code } = await api.waitForMail(email, 2);
      const wrong = code === '000000' ? '000001' : '000000';
      const refused = await api.post(API_PATHS.resetPassword, {
        email,
        code: wrong,
        password: NEW_PASSWORD,
      });
      expect([refused.status, refused.body.code]).toEqual([400, 'INVALID_CODE']);
      const unknown = await api.post(API_PATHS.resetPassword, {
        email: newEmail('nobody'),
        code: '123456',
        password: NEW_PASSWORD,
      });
      expect([unknown.status, unknown.body.code]).toEqual([400, 'INVALID_CODE']);
      const weak = await api.post(API_PATHS.resetPassword, { email, code, password: 'short' });
      expect([weak.status, weak.body.fields]).toEqual([400, { password: 'TOO_SHORT' }]);
    });

    it('refuses an expired code', async () => {
      const { email } = await account('reset-expired');
      await api.post(API_PATHS.requestPasswordReset, { email });
      const { code } = await api.waitForMail(email, 2);
      await sql`update account_codes set expires_at = 1`.execute(server.db);
      const answer = await api.post(API_PATHS.resetPassword, {
        email,
        code,
        password: NEW_PASSWORD,
      });
      expect([answer.status, answer.body.code]).toEqual([400, 'INVALID_CODE']);
    });

    it('gives 20 parallel wrong tries at most five checks from one address, then 429', async () => {
      const { email } = await account('reset-flood');
      await api.post(API_PATHS.requestPasswordReset, { email });
      const { code } = await api.waitForMail(email, 2);
      const wrong = code === '999999' ? '999998' : '999999';
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          api.post(API_PATHS.resetPassword, { email, code: wrong, password: NEW_PASSWORD }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 400)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(15);
      expect(answers.find((a) => a.status === 429)?.headers.get('retry-after')).toMatch(/^\d+$/);
    });
  });

  describe('change password', () => {
    it('needs the current password, ends the other sessions and mails a notice', async () => {
      const { email, token } = await account('change-pw');
      const other = (await login(email)).body.token as string;
      const wrong = await api.post(
        API_PATHS.changePassword,
        { currentPassword: 'not my password', newPassword: NEW_PASSWORD },
        bearer(token),
      );
      expect([wrong.status, wrong.body.fields]).toEqual([400, { currentPassword: 'INCORRECT' }]);
      const changed = await api.post(
        API_PATHS.changePassword,
        { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
        bearer(token),
      );
      expect([changed.status, changed.body]).toEqual([200, { error: false }]);
      expect((await api.get(API_PATHS.verify, bearer(token))).status).toBe(200);
      expect((await api.get(API_PATHS.verify, bearer(other))).status).toBe(401);
      expect((await login(email, NEW_PASSWORD)).status).toBe(200);
      expect((await api.waitForMail(email, 2)).subject).toBe('Your password was changed');
    });

    it('answers 401 without a live session', async () => {
      const answer = await api.post(
        API_PATHS.changePassword,
        { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
        bearer('not-a-token'),
      );
      expect([answer.status, answer.body.code]).toEqual([401, 'INVALID_TOKEN']);
    });
  });

  describe('sessions', () => {
    it("lists this user's live sessions with the current one marked, and ends them", async () => {
      const { email, token } = await account('sessions');
      const second = (
        await login(
          email,
          PASSWORD,
          'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1',
        )
      ).body.token as string;
      const third = (await login(email)).body.token as string;
      const listed = await api.get(API_PATHS.sessions, bearer(token));
      expect(listed.status).toBe(200);
      const sessions = listed.body.sessions as Array<Record<string, unknown>>;
      expect(sessions).toHaveLength(3);
      expect(sessions.filter((s) => s.current)).toHaveLength(1);
      expect(sessions.map((s) => s.userAgent)).toContain('curl/8.0');
      for (const s of sessions) {
        expect(Object.keys(s).sort()).toEqual([
          'createdAt',
          'current',
          'id',
          'lastUsedAt',
          'openedBy',
          'userAgent',
        ]);
        expect(s.openedBy).toBe('password');
        expect([token, second, third]).not.toContain(s.id);
      }
      const iphone = sessions.find((s) => String(s.userAgent).includes('iPhone'));
      const ended = await api.request('DELETE', `${API_PATHS.sessions}/${String(iphone?.id)}`, {
        headers: bearer(token),
      });
      expect([ended.status, ended.body]).toEqual([200, { error: false }]);
      expect((await api.get(API_PATHS.verify, bearer(second))).status).toBe(401);
      const others = await api.post(API_PATHS.revokeOtherSessions, undefined, bearer(token));
      expect([others.status, others.body]).toEqual([200, { error: false, revoked: 1 }]);
      expect((await api.get(API_PATHS.verify, bearer(third))).status).toBe(401);
      expect((await api.get(API_PATHS.sessions, bearer(token))).body.sessions).toHaveLength(1);
    });

    it("can neither list nor end another user's session (404)", async () => {
      const alice = await account('alice');
      const bob = await account('bob');
      const bobs = (await api.get(API_PATHS.sessions, bearer(bob.token))).body.sessions as Array<{
        id: string;
      }>;
      const attempt = await api.request('DELETE', `${API_PATHS.sessions}/${bobs[0]!.id}`, {
        headers: bearer(alice.token),
      });
      expect([attempt.status, attempt.body.code]).toEqual([404, 'NOT_FOUND']);
      expect((await api.get(API_PATHS.verify, bearer(bob.token))).status).toBe(200);
      const alices = (await api.get(API_PATHS.sessions, bearer(alice.token))).body
        .sessions as Array<{ id: string }>;
      expect(alices.map((s) => s.id)).not.toContain(bobs[0]!.id);
    });

    it('records when a session was last used', async () => {
      const { token } = await account('last-used');
      await sql`update sessions set last_used_at = 1, created_at = 1`.execute(server.db);
      await api.get(API_PATHS.verify, bearer(token));
      // A use is written a moment after the answer, with others: the list shows it once written.
      const lastUsed = async () =>
        Date.parse((await api.get(API_PATHS.sessions, bearer(token))).body.sessions[0].lastUsedAt);
      const deadline = Date.now() + 5000;
      while (Date.now() - (await lastUsed()) >= 60_000 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(Date.now() - (await lastUsed())).toBeLessThan(60_000);
    });
  });

  describe('change email', () => {
    it('mails a code to the new address and a notice to the old one; the code moves the account', async () => {
      const { email, token } = await account('move-from');
      const other = (await login(email)).body.token as string;
      const target = newEmail('move-to');
      const wrong = await api.post(
        API_PATHS.changeEmail,
        { password: 'nope nope nope', newEmail: target },
        bearer(token),
      );
      expect([wrong.status, wrong.body.fields]).toEqual([400, { password: 'INCORRECT' }]);
      const asked = await api.post(
        API_PATHS.changeEmail,
        { password: PASSWORD, newEmail: target },
        bearer(token),
      );
      expect([asked.status, asked.body]).toEqual([202, { error: false }]);
      const { code } = await api.waitForMail(target, 1);
      secrets.push(code ?? '');
      expect((await api.waitForMail(email, 2)).subject).toMatch(/change of your account email/);
      const confirmed = await api.post(API_PATHS.confirmEmailChange, { code }, bearer(token));
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toMatchObject({ error: false, user: { email: target } });
      expect((await api.get(API_PATHS.verify, bearer(token))).body.user.email).toBe(target);
      expect((await api.get(API_PATHS.verify, bearer(other))).status).toBe(401);
      expect((await login(target)).status).toBe(200);
      expect((await login(email)).status).toBe(401);
    });

    it('changes nothing for an address that already has an account, and tells its owner', async () => {
      const mover = await account('mover');
      const owner = await account('owner');
      const asked = await api.post(
        API_PATHS.changeEmail,
        { password: PASSWORD, newEmail: owner.email },
        bearer(mover.token),
      );
      expect([asked.status, asked.body]).toEqual([202, { error: false }]);
      const notice = await api.waitForMail(owner.email, 2);
      expect(notice.subject).toBe('Someone tried to use your email address');
      expect(notice.code).toBeUndefined();
      const guess = await api.post(
        API_PATHS.confirmEmailChange,
        { code: '123456' },
        bearer(mover.token),
      );
      expect([guess.status, guess.body.code]).toEqual([400, 'INVALID_CODE']);
      expect((await api.get(API_PATHS.verify, bearer(mover.token))).body.user.email).toBe(
        mover.email,
      );
    });
  });

  describe('delete account', () => {
    it('deletes the user and every row of theirs, signs them out, and the email can sign up again', async () => {
      const { email, token } = await account('delete');
      const { id } = (await api.get(API_PATHS.verify, bearer(token))).body.user;
      await login(email);
      const wrong = await api.post(
        API_PATHS.deleteAccount,
        { password: 'not it at all' },
        bearer(token),
      );
      expect([wrong.status, wrong.body.fields]).toEqual([400, { password: 'INCORRECT' }]);
      const deleted = await api.post(
        API_PATHS.deleteAccount,
        { password: PASSWORD },
        bearer(token),
      );
      expect([deleted.status, deleted.body]).toEqual([200, { error: false }]);
      expect(await rowsOf(id)).toEqual({
        sessions: 0,
        activation_codes: 0,
        registrations: 0,
        account_codes: 0,
        action_logs: 0,
        users: 0,
      });
      expect((await api.get(API_PATHS.verify, bearer(token))).status).toBe(401);
      expect((await api.waitForMail(email, 2)).subject).toBe('Your account was deleted');
      const again = await api.post(API_PATHS.signup, { name: 'Again', email, password: PASSWORD });
      expect(again.status).toBe(201);
      expect((await api.waitForMail(email, 3)).code).toMatch(/^\d{6}$/);
    });
  });

  it('keeps every token and code out of the answers it did not create and out of the log', () => {
    const known = secrets.filter((secret) => secret.length > 0);
    expect(known.length).toBeGreaterThan(10);
    for (const secret of known) {
      if (/^\d{6}$/.test(secret)) {
        expect(new RegExp(`(?<![0-9A-Za-z])${secret}(?![0-9A-Za-z])`).test(log.text())).toBe(false);
      } else {
        expect(log.text()).not.toContain(secret);
      }
    }
    expect(log.text()).toContain('request completed');
  });
});
