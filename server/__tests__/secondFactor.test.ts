// The second factor (an authenticator app's codes): setting it up, signing in with it in two steps
// (a code, or a single-use recovery code), codes never accepted twice, tries limited before they
// are checked, a password reset that keeps it, turning it off; on both engines, with a clock the
// tests move on by whole 30-second steps.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Secret, TOTP } from 'otpauth';

import { API_PATHS } from '../../contract/api';
import {
  activatedAccount,
  bearer,
  secondFactorTurnedOn,
  uniqueEmail,
} from '../../testing/server/abuse/accounts';
import { tally } from '../../testing/server/abuse/attack';
import { ApiClient } from '../../testing/server/client';
import { ENGINES, type Engine } from '../../testing/server/engines';
import { injectedApp, type InjectedApp } from '../../testing/server/injectedApp';
import { addAda, migratedPostgres } from '../../testing/server/rows';
import { hashRecoveryCode, newRecoveryCodes } from '../auth/second-factor';
import { storeRecoveryCodes } from '../auth/second-factor-queries';
import type { Clock } from '../plugins/resources';

const PASSWORD = 'a second factor passphrase';

describe.each(ENGINES)('the second factor on %s', (_name, engine: Engine) => {
  let running: InjectedApp | undefined;
  let app: FastifyInstance;
  let api: ApiClient;
  let nowMs = Date.now();
  const clock: Clock = { nowSeconds: () => Math.floor(nowMs / 1000), nowMs: () => nowMs };
  /** The next time step: a code of the step before is never accepted again. */
  const nextStep = () => (nowMs += 30_000);
  const codeOf = (secret: string, atMs = nowMs) =>
    TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: atMs });

  beforeAll(async () => {
    running = await injectedApp(
      engine,
      {
        // Every test here guesses from one address: its own limit is tested elsewhere.
        CODE_GUESSES_PER_ADDRESS_MAX: '1000',
        PASSWORD_HASH_QUEUE: '1000',
      },
      { clock },
    );
    ({ app, api } = running);
  });

  afterAll(() => running?.stop());

  async function signedUp(label: string) {
    const email = uniqueEmail(label);
    return { email, token: await activatedAccount(api, email, PASSWORD) };
  }

  /** An account with the second factor on: its secret and recovery codes. */
  async function withSecondFactor(label: string) {
    const account = await signedUp(label);
    const factor = await secondFactorTurnedOn(api, account.token, codeOf, PASSWORD);
    // Its notice is out before the test goes on: two notices waiting together may be delivered
    // in either order, and a test that counts mails reads them in order.
    expect((await api.waitForMail(account.email, 2)).subject).toBe('Two-step sign-in is on');
    return { ...account, ...factor };
  }

  /** The ticket of a login's second step. */
  async function pendingLogin(email: string, password = PASSWORD) {
    const answer = await api.post(API_PATHS.login, { email, password });
    expect(answer.status).toBe(200);
    expect(answer.body.token).toBeUndefined();
    return answer.body.secondFactor.ticket as string;
  }

  it('sets up with the password, a start within 15 minutes keeping the key, and turns on with a code', async () => {
    const { email, token } = await signedUp('setup');
    const wrong = await api.post(
      API_PATHS.startSecondFactor,
      { password: 'not the password' },
      bearer(token),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ password: 'INCORRECT' });

    const first = await api.post(
      API_PATHS.startSecondFactor,
      { password: PASSWORD },
      bearer(token),
    );
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['error', 'otpauthUri', 'secret']);
    expect(first.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(first.body.otpauthUri as string);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('issuer')).toBe(app.config.mail.appName);
    expect(uri.searchParams.get('secret')).toBe(first.body.secret);
    expect(decodeURIComponent(uri.pathname)).toContain(email);

    // A reload during the setup asks again: the authenticator app already holds this key.
    nowMs += 14 * 60_000;
    const reloaded = await api.post(
      API_PATHS.startSecondFactor,
      { password: PASSWORD },
      bearer(token),
    );
    expect(reloaded.body).toEqual(first.body);
    // Once 15 minutes have passed since it was made, a start makes a new key.
    nowMs += 60_000;
    const second = await api.post(
      API_PATHS.startSecondFactor,
      { password: PASSWORD },
      bearer(token),
    );
    expect(second.body.secret).not.toBe(first.body.secret);
    nextStep();
    // The first secret was replaced: its codes no longer turn it on.
    const stale = await api.post(
      API_PATHS.confirmSecondFactor,
      { code: codeOf(first.body.secret) },
      bearer(token),
    );
    expect(stale.status).toBe(400);
    expect(stale.body.code).toBe('INVALID_CODE');
    expect((await api.get(API_PATHS.secondFactor, bearer(token))).body).toEqual({
      error: false,
      enabled: false,
      recoveryCodesLeft: 0,
    });

    const confirmed = await api.post(
      API_PATHS.confirmSecondFactor,
      { code: codeOf(second.body.secret) },
      bearer(token),
    );
    expect(confirmed.status).toBe(200);
    const codes = confirmed.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    expect((await api.get(API_PATHS.secondFactor, bearer(token))).body).toEqual({
      error: false,
      enabled: true,
      recoveryCodesLeft: 10,
    });
    expect((await api.waitForMail(email, 2)).subject).toBe('Two-step sign-in is on');
    // One that is on is not replaced by a new start; the password alone no longer confirms it.
    const passwordOnly = await api.post(
      API_PATHS.startSecondFactor,
      { password: PASSWORD },
      bearer(token),
    );
    expect(passwordOnly.status).toBe(403);
    expect(passwordOnly.body.code).toBe('CONFIRMATION_REQUIRED');
    nextStep();
    const again = await api.post(
      API_PATHS.startSecondFactor,
      { password: PASSWORD, code: codeOf(second.body.secret) },
      bearer(token),
    );
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('SECOND_FACTOR_ON');

    // At rest: the secret encrypted, the recovery codes as hashes.
    const user = await app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const stored = JSON.stringify([
      await app.db
        .selectFrom('second_factors')
        .selectAll()
        .where('user_id', '=', user.id)
        .execute(),
      await app.db
        .selectFrom('recovery_codes')
        .selectAll()
        .where('user_id', '=', user.id)
        .execute(),
    ]);
    // Sealed under the database's own key: this test server has no SECRET_KEYS.
    expect(stored).toContain('"v2.db.');
    expect(stored).not.toContain(second.body.secret);
    expect(stored.toLowerCase()).not.toContain(String(second.body.secret).toLowerCase());
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replaceAll('-', ''));
    }
  });

  it('answers setups started at once, from two tabs, with one key', async () => {
    const { token } = await signedUp('setup-twice');
    const starts = await Promise.all(
      [1, 2, 3].map(() =>
        api.post(API_PATHS.startSecondFactor, { password: PASSWORD }, bearer(token)),
      ),
    );
    expect(starts.map((start) => start.status)).toEqual([200, 200, 200]);
    // Whichever tab the app is set up from, its key is the one that waits for the first code.
    expect(new Set(starts.map((start) => start.body.secret as string)).size).toBe(1);
    const answer = await api.post(
      API_PATHS.confirmSecondFactor,
      { code: codeOf(starts[2]!.body.secret as string) },
      bearer(token),
    );
    expect(answer.status).toBe(200);
  });

  it('signs in with the password then a code; the password alone gives no session', async () => {
    const { email, secret } = await withSecondFactor('login');
    const first = await api.post(API_PATHS.login, { email, password: PASSWORD });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      error: false,
      secondFactor: { ticket: expect.any(String), expiresAt: clock.nowSeconds() + 300 },
    });
    const { ticket } = first.body.secondFactor;
    // The ticket is not a session.
    expect((await api.get(API_PATHS.verify, bearer(ticket))).status).toBe(401);

    // The code that turned it on was for this step: never accepted again.
    const replayed = await api.post(API_PATHS.loginSecondFactor, {
      ticket,
      code: codeOf(secret),
    });
    expect(replayed.status).toBe(400);
    expect(replayed.body.code).toBe('INVALID_CODE');

    nextStep();
    const code = codeOf(secret);
    const signedIn = await api.post(API_PATHS.loginSecondFactor, {
      ticket,
      code,
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.email).toBe(email);
    const sessions = await api.get(API_PATHS.sessions, bearer(signedIn.body.token));
    const openedBy = (sessions.body.sessions as { current: boolean; openedBy: string }[]).map(
      (session) => [session.current, session.openedBy],
    );
    expect(openedBy).toContainEqual([true, 'password+totp']);
    expect(openedBy).toContainEqual([false, 'password']);
    // The server's record: the refused replay and the accepted step, with the session it opened.
    const userId = signedIn.body.user.id as string;
    const recorded = await app.db
      .selectFrom('auth_events')
      .select(['event', 'outcome', 'status', 'code', 'user_id', 'session_id'])
      .where('event', '=', 'loginSecondFactor')
      .where((eb) => eb.or([eb('user_id', '=', userId), eb('user_id', 'is', null)]))
      .orderBy('time')
      .execute();
    expect(recorded).toContainEqual(
      expect.objectContaining({ outcome: 'accepted', status: 200, user_id: userId }),
    );
    expect(recorded).toContainEqual(
      expect.objectContaining({ outcome: 'refused', status: 400, code: 'INVALID_CODE' }),
    );

    // The ticket is used up, and the code is not accepted again with a new one.
    const reused = await api.post(API_PATHS.loginSecondFactor, {
      ticket,
      code,
    });
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe('INVALID_TICKET');
    const again = await api.post(API_PATHS.loginSecondFactor, {
      ticket: await pendingLogin(email),
      code,
    });
    expect(again.body.code).toBe('INVALID_CODE');
    // Nor a code of an earlier step still inside the window.
    const earlier = await api.post(API_PATHS.loginSecondFactor, {
      ticket: await pendingLogin(email),
      code: codeOf(secret, nowMs - 30_000),
    });
    expect(earlier.body.code).toBe('INVALID_CODE');
    // A wrong password is still a wrong password.
    expect((await api.post(API_PATHS.login, { email, password: 'wrong password' })).status).toBe(
      401,
    );
  });

  it('refuses a ticket past its five minutes, and one never given', async () => {
    const { email, secret } = await withSecondFactor('stale');
    const ticket = await pendingLogin(email);
    nowMs += 301_000;
    const late = await api.post(API_PATHS.loginSecondFactor, {
      ticket,
      code: codeOf(secret),
    });
    expect(late.status).toBe(401);
    expect(late.body.code).toBe('INVALID_TICKET');
    const made = await api.post(API_PATHS.loginSecondFactor, {
      ticket: 'not-a-ticket-at-all',
      code: codeOf(secret),
    });
    expect(made.body.code).toBe('INVALID_TICKET');
  });

  it('takes a recovery code typed with spaces, dashes or capitals, wherever one is asked', async () => {
    const { email, token, recoveryCodes } = await withSecondFactor('spaced');
    const [first = '', second = ''] = recoveryCodes;
    const spaced = first.replaceAll('-', ' ');
    const signedIn = await api.post(API_PATHS.loginSecondFactor, {
      ticket: await pendingLogin(email),
      recoveryCode: ` ${spaced.toUpperCase()} `,
    });
    expect(signedIn.status).toBe(200);
    const everyFour = second.replaceAll('-', '').replace(/(.{2})/g, '$1 - ');
    const off = await api.post(
      API_PATHS.disableSecondFactor,
      { password: PASSWORD, code: everyFour },
      bearer(token),
    );
    expect(off.status).toBe(200);
  });

  it('signs in once with each recovery code', async () => {
    const { email, token, recoveryCodes } = await withSecondFactor('recovery');
    const [code = ''] = recoveryCodes;
    const signedIn = await api.post(API_PATHS.loginSecondFactor, {
      ticket: await pendingLogin(email),
      // Typed with capitals and without the dashes.
      recoveryCode: code.toUpperCase().replaceAll('-', ''),
    });
    expect(signedIn.status).toBe(200);
    const listed = await api.get(API_PATHS.sessions, bearer(signedIn.body.token));
    const current = (listed.body.sessions as { current: boolean; openedBy: string }[]).find(
      (session) => session.current,
    );
    expect(current?.openedBy).toBe('password+recovery');
    // Its owner hears of it: which code count is left, from where and when.
    const mail = await api.waitForMail(email, 3);
    expect(mail.subject).toBe('A recovery code was used to sign in');
    expect(mail.text).toContain('you have 9 recovery codes left');
    // A recovery code goes in its own field; the code field takes the app's six digits alone.
    const misplaced = await api.post(API_PATHS.loginSecondFactor, {
      ticket: await pendingLogin(email),
      code: recoveryCodes[1],
    });
    expect(misplaced.status).toBe(400);
    expect(misplaced.body.fields).toEqual({ code: 'INVALID_CODE_FORMAT' });
    expect((await api.get(API_PATHS.secondFactor, bearer(token))).body.recoveryCodesLeft).toBe(9);
    const second = await api.post(API_PATHS.loginSecondFactor, {
      ticket: await pendingLogin(email),
      recoveryCode: code,
    });
    expect(second.status).toBe(400);
    expect(second.body.code).toBe('INVALID_CODE');
  });

  it('accepts one code once when two requests send it at the same time', async () => {
    const { email, secret } = await withSecondFactor('parallel-right');
    nextStep();
    const code = codeOf(secret);
    const tokens = await Promise.all(Array.from({ length: 5 }, () => pendingLogin(email)));
    const answers = await Promise.all(
      tokens.map((ticket) => api.post(API_PATHS.loginSecondFactor, { ticket, code })),
    );
    expect(tally(answers)).toEqual({ 200: 1, 400: 4 });
  });

  it('checks no more than the limit of 50 parallel wrong codes, and a right code gives its tries back', async () => {
    const { email, secret } = await withSecondFactor('burst');
    nextStep();
    // A right code does not count.
    const right = await api.post(API_PATHS.loginSecondFactor, {
      ticket: await pendingLogin(email),
      code: codeOf(secret),
    });
    expect(right.status).toBe(200);
    const ticket = await pendingLogin(email);
    const good = codeOf(secret);
    const wrong = (i: number) => String((Number(good) + 1 + i) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api.post(API_PATHS.loginSecondFactor, { ticket, code: wrong(i) }),
      ),
    );
    // Five wrong codes per account and address (ACTIVATION_MAX_ATTEMPTS), as for a mailed code.
    expect(tally(answers)).toEqual({ 400: 5, 429: 45 });
    for (const answer of answers.filter((a) => a.status === 429)) {
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    nextStep();
    const locked = await api.post(API_PATHS.loginSecondFactor, {
      ticket,
      code: codeOf(secret),
    });
    expect(locked.status).toBe(429);
  });

  it('replaces the recovery codes with the password and a code', async () => {
    const { token, secret, recoveryCodes, email } = await withSecondFactor('renew');
    nextStep();
    const noCode = await api.post(
      API_PATHS.renewRecoveryCodes,
      { password: PASSWORD, code: '000000' === codeOf(secret) ? '111111' : '000000' },
      bearer(token),
    );
    expect(noCode.body.code).toBe('INVALID_CODE');
    const renewed = await api.post(
      API_PATHS.renewRecoveryCodes,
      { password: PASSWORD, code: codeOf(secret) },
      bearer(token),
    );
    expect(renewed.status).toBe(200);
    const codes = renewed.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(codes.some((code) => recoveryCodes.includes(code))).toBe(false);
    const old = await api.post(API_PATHS.loginSecondFactor, {
      ticket: await pendingLogin(email),
      recoveryCode: recoveryCodes[0],
    });
    expect(old.body.code).toBe('INVALID_CODE');
  });

  it('keeps it on through a password reset, which signs in through the second step', async () => {
    const { email, token, secret } = await withSecondFactor('reset');
    expect((await api.post(API_PATHS.requestPasswordReset, { email })).status).toBe(202);
    const mail = await api.waitForMail(email, 3);
    const newPassword = 'a brand new passphrase';
    const reset = await api.post(API_PATHS.resetPassword, {
      email,
      code: mail.code,
      password: newPassword,
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({
      error: false,
      secondFactor: { ticket: expect.any(String), expiresAt: expect.any(Number) },
    });
    // Every session ended, the old one included.
    expect((await api.get(API_PATHS.verify, bearer(token))).status).toBe(401);
    nextStep();
    const signedIn = await api.post(API_PATHS.loginSecondFactor, {
      ticket: reset.body.secondFactor.ticket,
      code: codeOf(secret),
    });
    expect(signedIn.status).toBe(200);
    expect((await api.get(API_PATHS.secondFactor, bearer(signedIn.body.token))).body.enabled).toBe(
      true,
    );
    await pendingLogin(email, newPassword);
  });

  it('turns off with the password and a recovery code, and the password alone signs in again', async () => {
    const { email, token, secret, recoveryCodes } = await withSecondFactor('off');
    nextStep();
    const wrongPassword = await api.post(
      API_PATHS.disableSecondFactor,
      { password: 'not the password', code: codeOf(secret) },
      bearer(token),
    );
    expect(wrongPassword.body.fields).toEqual({ password: 'INCORRECT' });
    const wrongCode = await api.post(
      API_PATHS.disableSecondFactor,
      { password: PASSWORD, code: 'aaaa-bbbb-cccc-dddd' },
      bearer(token),
    );
    expect(wrongCode.body.code).toBe('INVALID_CODE');
    const off = await api.post(
      API_PATHS.disableSecondFactor,
      { password: PASSWORD, code: recoveryCodes[3] },
      bearer(token),
    );
    expect(off.status).toBe(200);
    expect((await api.waitForMail(email, 3)).subject).toBe('Two-step sign-in is off');
    expect((await api.get(API_PATHS.secondFactor, bearer(token))).body).toEqual({
      error: false,
      enabled: false,
      recoveryCodesLeft: 0,
    });
    const login = await api.post(API_PATHS.login, { email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.token).toEqual(expect.any(String));
    // Nothing to turn off any more.
    const again = await api.post(
      API_PATHS.disableSecondFactor,
      { password: PASSWORD, code: codeOf(secret) },
      bearer(token),
    );
    expect(again.status).toBe(404);
  });

  it('is deleted with the account', async () => {
    const { email, token, secret } = await withSecondFactor('deleted');
    await pendingLogin(email);
    const user = await app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    nextStep();
    const body = { password: PASSWORD, code: codeOf(secret) };
    expect((await api.post(API_PATHS.deleteAccount, body, bearer(token))).status).toBe(200);
    for (const table of ['second_factors', 'recovery_codes', 'pending_logins'] as const) {
      const rows = await app.db
        .selectFrom(table)
        .selectAll()
        .where('user_id', '=', user.id)
        .execute();
      expect(rows).toEqual([]);
    }
  });
});

describe('recovery codes renewed twice at once (PostgreSQL)', () => {
  it('leaves one set, the later renewal, not both', async () => {
    const { db, tearDown } = await migratedPostgres();
    try {
      const now = Math.floor(Date.now() / 1000);
      await addAda(db, now);
      await db
        .insertInto('second_factors')
        .values({ user_id: 'u1', secret: 'x', enabled_at: now, last_step: null, created_at: now })
        .execute();
      await storeRecoveryCodes(db, 'u1', newRecoveryCodes());
      const [firstCodes, secondCodes] = [newRecoveryCodes(), newRecoveryCodes()];
      // Two tabs renew at the same moment: the first has written its codes and not committed yet
      // when the second starts.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let written!: () => void;
      const firstWritten = new Promise<void>((resolve) => (written = resolve));
      const first = db.transaction().execute(async (trx) => {
        await storeRecoveryCodes(trx, 'u1', firstCodes);
        written();
        await held;
      });
      await firstWritten;
      const second = db.transaction().execute((trx) => storeRecoveryCodes(trx, 'u1', secondCodes));
      const waiting = async () =>
        (
          await sql<{ waiting: number }>`select count(*)::int as waiting from pg_stat_activity
            where wait_event_type = 'Lock' and datname = current_database()
              and (query like '%recovery_codes%' or query like '%update "users"%')`.execute(db)
        ).rows[0]!.waiting;
      for (let i = 0; i < 200 && (await waiting()) === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      release();
      await Promise.all([first, second]);
      const stored = await db
        .selectFrom('recovery_codes')
        .select('code_hash')
        .where('user_id', '=', 'u1')
        .execute();
      expect(stored.map((row) => row.code_hash).sort()).toEqual(
        secondCodes.map(hashRecoveryCode).sort(),
      );
    } finally {
      await db.destroy();
      await tearDown();
    }
  });
});
