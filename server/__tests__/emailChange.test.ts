// The pending email change is the server's: any session of the account sees it, can have a new
// code sent (once a minute) or cancel it; and a change to the same address or to the same
// password is refused by field. On SQLite and on PostgreSQL, through Fastify's `inject`.
import { API_PATHS } from '../../contract/api';
import { activatedAccount, bearer, uniqueEmail } from '../../testing/server/abuse/accounts';
import { ENGINES, type Engine } from '../../testing/server/engines';
import { injectedAppFor } from '../../testing/server/injectedApp';

const PASSWORD = 'correct horse battery staple';

describe.each(ENGINES)('the pending email change on %s', (_name, engine: Engine) => {
  const running = injectedAppFor(engine, {
    RATE_LIMIT_SIGNUP_MAX: '1000',
    RATE_LIMIT_RESEND_WINDOW_SECONDS: '2',
  });

  /** An activated account and two of its sessions (two devices). */
  async function account(label: string) {
    const email = uniqueEmail(label);
    const token = await activatedAccount(running.api, email, PASSWORD);
    const other = await running.api.post(API_PATHS.login, { email, password: PASSWORD });
    return { email, token, other: other.body.token as string };
  }

  const pendingOf = async (token: string) => {
    const answer = await running.api.get(API_PATHS.emailChange, bearer(token));
    expect(answer.status).toBe(200);
    return answer.body.pending as { newEmail: string; expiresAt: string } | null;
  };

  const askChange = (token: string, to: string) =>
    running.api.post(API_PATHS.changeEmail, { password: PASSWORD, newEmail: to }, bearer(token));

  it('shows the change to every session of the account, and the mail links home with the code', async () => {
    const { token, other } = await account('pending');
    expect(await pendingOf(token)).toBeNull();
    const target = uniqueEmail('pending-to');
    expect((await askChange(token, target)).status).toBe(202);
    // Right away, before any mail: on this device and on the other one.
    for (const session of [token, other]) {
      const pending = await pendingOf(session);
      expect(pending?.newEmail).toBe(target);
      const left = Date.parse(pending?.expiresAt ?? '') - Date.now();
      expect(left).toBeGreaterThan(14 * 60_000);
      expect(left).toBeLessThanOrEqual(15 * 60_000 + 1000);
    }
    const mail = await running.api.waitForMail(target, 1);
    const link = new URL(mail.link ?? '');
    expect(link.pathname).toBe('/');
    expect(link.searchParams.get('email-code')).toBe(mail.code);
    // The other device confirms it with the code.
    const confirmed = await running.api.post(
      API_PATHS.confirmEmailChange,
      { code: mail.code },
      bearer(other),
    );
    expect(confirmed.status).toBe(200);
    expect(await pendingOf(other)).toBeNull();
  });

  it('looks the same when the new address already has an account', async () => {
    const mover = await account('mover');
    const owner = await account('owner');
    expect((await askChange(mover.token, owner.email)).status).toBe(202);
    await running.app.mail.idle();
    expect((await pendingOf(mover.other))?.newEmail).toBe(owner.email);
  });

  it('sends a new code on request, once a minute, and the new code works', async () => {
    const { token, other } = await account('resend');
    const target = uniqueEmail('resend-to');
    await askChange(token, target);
    const first = await running.api.waitForMail(target, 1);
    const resent = await running.api.post(API_PATHS.resendEmailChange, undefined, bearer(other));
    expect([resent.status, resent.body]).toEqual([202, { error: false }]);
    const again = await running.api.post(API_PATHS.resendEmailChange, undefined, bearer(token));
    expect([again.status, again.body.code]).toEqual([429, 'RATE_LIMITED']);
    expect(again.headers.get('retry-after')).toMatch(/^\d+$/);
    const second = await running.api.waitForMail(target, 2);
    expect(second.code).toMatch(/^\d{6}$/);
    expect(new URL(second.link ?? '').searchParams.get('email-code')).toBe(second.code);
    if (second.code !== first.code) {
      const old = await running.api.post(
        API_PATHS.confirmEmailChange,
        { code: first.code },
        bearer(token),
      );
      expect([old.status, old.body.code]).toEqual([400, 'INVALID_CODE']);
    }
    const confirmed = await running.api.post(
      API_PATHS.confirmEmailChange,
      { code: second.code },
      bearer(token),
    );
    expect(confirmed.body).toMatchObject({ error: false, user: { email: target } });
  });

  it('cancels the change: its code stops working, and a resend finds nothing (404)', async () => {
    const { token, other } = await account('cancel');
    const target = uniqueEmail('cancel-to');
    await askChange(token, target);
    const { code } = await running.api.waitForMail(target, 1);
    const cancelled = await running.api.request('DELETE', API_PATHS.emailChange, {
      headers: bearer(other),
    });
    expect([cancelled.status, cancelled.body]).toEqual([200, { error: false }]);
    expect(await pendingOf(token)).toBeNull();
    const late = await running.api.post(API_PATHS.confirmEmailChange, { code }, bearer(token));
    expect([late.status, late.body.code]).toEqual([400, 'INVALID_CODE']);
    const resend = await running.api.post(API_PATHS.resendEmailChange, undefined, bearer(token));
    expect([resend.status, resend.body.code]).toEqual([404, 'NOT_FOUND']);
    // Cancelling when nothing is pending is fine too.
    const twice = await running.api.request('DELETE', API_PATHS.emailChange, {
      headers: bearer(token),
    });
    expect(twice.status).toBe(200);
  });

  it('refuses the address the account already has, and the password it already has', async () => {
    const { email, token } = await account('same');
    const same = await askChange(token, `  ${email.toUpperCase()} `);
    expect([same.status, same.body.code, same.body.fields]).toEqual([
      400,
      'VALIDATION',
      { newEmail: 'SAME_EMAIL' },
    ]);
    expect(await pendingOf(token)).toBeNull();
    const samePassword = await running.api.post(
      API_PATHS.changePassword,
      { currentPassword: PASSWORD, newPassword: PASSWORD },
      bearer(token),
    );
    expect([samePassword.status, samePassword.body.fields]).toEqual([
      400,
      { newPassword: 'SAME_PASSWORD' },
    ]);
  });

  it('answers 401 without a live session', async () => {
    for (const [method, path] of [
      ['GET', API_PATHS.emailChange],
      ['DELETE', API_PATHS.emailChange],
      ['POST', API_PATHS.resendEmailChange],
    ] as const) {
      const answer = await running.api.request(method, path, { headers: bearer('not-a-token') });
      expect([answer.status, answer.body.code]).toEqual([401, 'INVALID_TOKEN']);
    }
  });
});
