// A locked account opens no session by any way in (a password, its second step, a passkey, an
// activation, a reset), and its sessions end at once, on every process (PostgreSQL's sessions
// kept in memory included); unlocking restores every way. The operator CLI grants and revokes the
// role. On SQLite, and on PostgreSQL with Redis.
import type { FastifyInstance } from 'fastify';

import { API_PATHS } from '../../contract/api';
import {
  bearer,
  pendingAccount,
  secondFactorTurnedOn,
  uniqueEmail,
} from '../../testing/server/abuse/accounts';
import type { ApiClient } from '../../testing/server/client';
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
import { lockAccount, unlockAccount } from '../auth/lock';
import { runCommand } from '../maintenance/commands';
import type { Clock } from '../plugins/resources';

describe.each(OPERATOR_ENGINES)('a locked account on %s', (_name, engine: Engine) => {
  let running: OperatorApp | undefined;
  let app: FastifyInstance;
  let api: ApiClient;
  let nowMs = Date.now();
  const clock: Clock = { nowSeconds: () => Math.floor(nowMs / 1000), nowMs: () => nowMs };
  const codeOf = (secret: string) => totpAt(secret, nowMs);

  beforeAll(async () => {
    running = await operatorApp(engine, {}, { clock });
    ({ app, api } = running);
  });
  afterAll(() => running?.stop());

  const lock = (userId: string) =>
    app.db
      .transaction()
      .execute((trx) => lockAccount(trx, app.sessions, userId, clock.nowSeconds()));
  const unlock = (userId: string) =>
    app.db.transaction().execute((trx) => unlockAccount(trx, userId));
  const login = (email: string, password = PASSWORD) =>
    api.post(API_PATHS.login, { email, password });

  function expectLocked(answer: { status: number; body: Record<string, unknown> }) {
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('ACCOUNT_LOCKED');
    expect(answer.body).not.toHaveProperty('token');
    expect(answer.body).not.toHaveProperty('secondFactor');
  }

  const sessionCount = async (userId: string) =>
    Number(
      (
        await app.db
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('ends every session at once (verify twice first, so PostgreSQL keeps it in memory)', async () => {
    const { email, token, userId } = await signedUp(api, 'lock-sessions');
    const other = (await login(email)).body.token as string;
    for (let i = 0; i < 3; i += 1) {
      expect((await api.get(API_PATHS.verify, bearer(token))).status).toBe(200);
    }
    expect(await lock(userId)).toBe(true);
    expect(await lock(userId)).toBe(false);
    for (const held of [token, other]) {
      const verify = await api.get(API_PATHS.verify, bearer(held));
      expect(verify.status).toBe(401);
      expect(verify.body.code).toBe('INVALID_TOKEN');
      expect((await api.get(API_PATHS.sessions, bearer(held))).status).toBe(401);
    }
    expect(await sessionCount(userId)).toBe(0);
  });

  it('refuses the password after a right password only, and unlocking restores it', async () => {
    const { email, userId } = await signedUp(api, 'lock-password');
    await lock(userId);
    const wrong = await login(email, 'not the password at all');
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
    expectLocked(await login(email));
    expect(await sessionCount(userId)).toBe(0);
    expect(await unlock(userId)).toBe(true);
    const again = await login(email);
    expect(again.status).toBe(200);
    expect((await api.get(API_PATHS.verify, bearer(again.body.token))).status).toBe(200);
  });

  it('refuses the second step: no ticket for a locked account, and a ticket held dies', async () => {
    const { email, token, userId } = await signedUp(api, 'lock-totp');
    const { secret } = await secondFactorTurnedOn(api, token, codeOf, PASSWORD);
    nowMs += 30_000;
    const held = await login(email);
    expect(held.body.secondFactor.ticket).toEqual(expect.any(String));
    await lock(userId);
    const step = await api.post(API_PATHS.loginSecondFactor, {
      ticket: held.body.secondFactor.ticket,
      code: codeOf(secret),
    });
    expect(step.status).toBe(401);
    expect(step.body.code).toBe('INVALID_TICKET');
    expectLocked(await login(email));
    // A ticket given just before the lock, its step after (the lock then ended no ticket).
    await unlock(userId);
    const racing = await login(email);
    await app.db
      .updateTable('users')
      .set({ locked_at: clock.nowSeconds() })
      .where('id', '=', userId)
      .execute();
    nowMs += 30_000;
    expectLocked(
      await api.post(API_PATHS.loginSecondFactor, {
        ticket: racing.body.secondFactor.ticket,
        code: codeOf(secret),
      }),
    );
    expect(await sessionCount(userId)).toBe(0);
    await unlock(userId);
    nowMs += 30_000;
    const ticket = (await login(email)).body.secondFactor.ticket;
    const done = await api.post(API_PATHS.loginSecondFactor, { ticket, code: codeOf(secret) });
    expect(done.status).toBe(200);
    expect(done.body.token).toEqual(expect.any(String));
  });

  it('refuses a passkey, and unlocking restores it', async () => {
    const { token, userId } = await signedUp(api, 'lock-passkey');
    const passkey = await passkeyAdded(api, token);
    await lock(userId);
    const signIn = async () =>
      api.post(API_PATHS.passkeyLogin, {
        response: await passkeySignature(api, passkey, API_PATHS.passkeyLoginOptions),
      });
    expectLocked(await signIn());
    expect(await sessionCount(userId)).toBe(0);
    await unlock(userId);
    const again = await signIn();
    expect(again.status).toBe(200);
    expect(again.body.token).toEqual(expect.any(String));
  });

  it('refuses an activation, which stays undone until unlocked', async () => {
    const email = uniqueEmail('lock-activation');
    const code = await pendingAccount(api, email, PASSWORD);
    const { id: userId } = await app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    await lock(userId);
    expectLocked(await api.post(API_PATHS.verifyAccount, { email, code, password: PASSWORD }));
    const row = await app.db
      .selectFrom('users')
      .select('activated_at')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row.activated_at).toBeNull();
    await unlock(userId);
    const activated = await api.post(API_PATHS.verifyAccount, { email, code, password: PASSWORD });
    expect(activated.status).toBe(200);
  });

  it('refuses a reset, which changes no password, and unlocking restores it', async () => {
    const { email, userId } = await signedUp(api, 'lock-reset');
    expect((await api.post(API_PATHS.requestPasswordReset, { email })).status).toBe(202);
    const { code } = await api.waitForMail(email, 2);
    await lock(userId);
    const newPassword = 'a brand new passphrase';
    expectLocked(await api.post(API_PATHS.resetPassword, { email, code, password: newPassword }));
    await unlock(userId);
    expect((await login(email, newPassword)).status).toBe(401);
    const reset = await api.post(API_PATHS.resetPassword, { email, code, password: newPassword });
    expect(reset.status).toBe(200);
    expect((await login(email, newPassword)).status).toBe(200);
  });

  it('leaves no session to sign-ins sent together with the lock', async () => {
    const { email, userId } = await signedUp(api, 'lock-race');
    const logins = Array.from({ length: 8 }, () => login(email));
    const locked = lock(userId);
    const answers = await Promise.all(logins);
    expect(await locked).toBe(true);
    for (const answer of answers) {
      expect([200, 403]).toContain(answer.status);
      if (answer.status === 200) {
        expect((await api.get(API_PATHS.verify, bearer(answer.body.token))).status).toBe(401);
      }
    }
    expect(await sessionCount(userId)).toBe(0);
  });

  it("records the refusal as the login's answer", async () => {
    const { email, userId } = await signedUp(api, 'lock-record');
    await lock(userId);
    await login(email);
    const row = await app.db
      .selectFrom('auth_events')
      .select(['event', 'status', 'code'])
      .where('event', '=', 'login')
      .where('code', '=', 'ACCOUNT_LOCKED')
      .executeTakeFirst();
    expect(row).toEqual({ event: 'login', status: 403, code: 'ACCOUNT_LOCKED' });
  });

  it('grants, lists and revokes operators from the command line only', async () => {
    const { email } = await signedUp(api, 'cli-operator');
    const lines: string[] = [];
    const io = {
      out: (line: string) => lines.push(line),
      err: (line: string) => lines.push(`! ${line}`),
    };
    const run = (...args: string[]) => runCommand(running!.config, ['operator', ...args], io);
    expect(await run('grant', email.toUpperCase())).toBe(0);
    expect(await run('grant', email)).toBe(0);
    expect(await run('list')).toBe(0);
    expect(await run('grant', 'nobody-here@example.com')).toBe(1);
    expect(await run('revoke', email)).toBe(0);
    expect(await run('revoke', email)).toBe(0);
    expect(await run('promote', email)).toBe(2);
    expect(lines).toEqual([
      `"${email}" is an operator now.`,
      `"${email}" already is an operator.`,
      expect.stringMatching(new RegExp(`^"${email.replace(/[.+]/g, '\\$&')}" since \\d{4}-`)),
      '! No activated account has the email "nobody-here@example.com".',
      `"${email}" is no longer an operator.`,
      `"${email}" was not an operator: nothing changed.`,
      '! Usage: npm run operator -- grant EMAIL | revoke EMAIL | list',
    ]);
  });
});
