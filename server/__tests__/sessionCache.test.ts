// Two server processes on one PostgreSQL, each keeping the live sessions it verified in memory: a
// session ended through either process answers 401 at its next verify on the other, whatever
// ended it (logout, sign-out of other sessions, a password change, account deletion, the sweeper);
// a confirmation made through either holds on the other at once.
import { API_PATHS } from '../../contract/api';
import { bearer } from '../../testing/server/abuse/accounts';
import { POSTGRES_URL } from '../../testing/server/postgres';
import { activatedAcross, twoProcessesOnPostgres } from '../../testing/server/twoProcesses';

const PASSWORD = 'cached passphrase 31';

describe('live sessions kept in memory by two processes', () => {
  const shared = twoProcessesOnPostgres({
    SESSION_CACHE_SIZE: '1000',
    RATE_LIMIT_SIGNUP_MAX: '100',
  });

  async function account(label: string) {
    const email = `${label}@example.com`;
    return { email, token: await activatedAcross(shared, email, PASSWORD) };
  }

  /** Verified on both processes, several times: each now answers it from memory. */
  async function verifiedOnBoth(token: string) {
    for (const api of [shared.a, shared.b, shared.a, shared.b]) {
      expect((await api.get(API_PATHS.verify, bearer(token))).status).toBe(200);
    }
  }

  it('ends a logged-out session on the other process', async () => {
    const { token } = await account('logout');
    await verifiedOnBoth(token);
    expect((await shared.b.post(API_PATHS.logout, undefined, bearer(token))).status).toBe(200);
    expect((await shared.a.get(API_PATHS.verify, bearer(token))).status).toBe(401);
    expect((await shared.b.get(API_PATHS.verify, bearer(token))).status).toBe(401);
  });

  it('ends the other sessions when they are signed out, and after a password change', async () => {
    const { email, token } = await account('others');
    const second = (await shared.a.post(API_PATHS.login, { email, password: PASSWORD })).body
      .token as string;
    await verifiedOnBoth(second);
    expect(
      (await shared.b.post(API_PATHS.revokeOtherSessions, undefined, bearer(token))).status,
    ).toBe(200);
    expect((await shared.a.get(API_PATHS.verify, bearer(second))).status).toBe(401);
    expect((await shared.a.get(API_PATHS.verify, bearer(token))).status).toBe(200);

    const third = (await shared.b.post(API_PATHS.login, { email, password: PASSWORD })).body
      .token as string;
    await verifiedOnBoth(third);
    const changed = await shared.b.post(
      API_PATHS.changePassword,
      { currentPassword: PASSWORD, newPassword: 'another cached passphrase 32' },
      bearer(token),
    );
    expect(changed.status).toBe(200);
    expect((await shared.a.get(API_PATHS.verify, bearer(third))).status).toBe(401);
  });

  it('holds a confirmation made through one process on the other at once, and ends it with its session', async () => {
    const { token } = await account('confirmed');
    await verifiedOnBoth(token);
    const options = () =>
      shared.a.post(API_PATHS.passkeyRegistrationOptions, undefined, bearer(token));
    expect((await options()).status).toBe(403);
    const confirmed = await shared.b.post(API_PATHS.confirm, { password: PASSWORD }, bearer(token));
    expect(confirmed.status).toBe(200);
    expect((await options()).status).toBe(200);
    expect((await shared.a.get(API_PATHS.confirmation, bearer(token))).body.until).toBe(
      confirmed.body.until,
    );
    expect((await shared.b.post(API_PATHS.logout, undefined, bearer(token))).status).toBe(200);
    expect((await options()).status).toBe(401);
  });

  it('ends every session of a deleted account', async () => {
    const { token } = await account('deleted');
    await verifiedOnBoth(token);
    const deleted = await shared.b.post(
      API_PATHS.deleteAccount,
      { password: PASSWORD },
      bearer(token),
    );
    expect(deleted.status).toBe(200);
    expect((await shared.a.get(API_PATHS.verify, bearer(token))).status).toBe(401);
  });

  it('ends a session deleted in the database by anything else (the sweeper, an operator)', async () => {
    const { token } = await account('swept');
    await verifiedOnBoth(token);
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      await client.query(`delete from ${shared.schema}.sessions`);
    } finally {
      await client.end();
    }
    // Delivered at commit to every listening process; a verify may race it by a moment.
    let status = 200;
    for (let i = 0; i < 50 && status === 200; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 10));
      status = (await shared.a.get(API_PATHS.verify, bearer(token))).status;
    }
    expect(status).toBe(401);
    expect((await shared.b.get(API_PATHS.verify, bearer(token))).status).toBe(401);
  });
});
