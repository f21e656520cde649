// Two server processes on one PostgreSQL, each keeping the live sessions it verified in memory: a
// session ended through either process answers 401 at its next verify on the other, whatever
// ended it (logout, sign-out of other sessions, a password change, account deletion, the sweeper).
import fs from 'node:fs';

import { API_PATHS } from '../../contract/api';
import { spawnServer, type ServerProcess } from '../../testing/processes';
import { ApiClient } from '../../testing/server/client';
import { tempDir, testEnv } from '../../testing/server/config';
import { createTestSchema, dropTestSchema, POSTGRES_URL } from '../../testing/server/postgres';

const PASSWORD = 'cached passphrase 31';

describe('live sessions kept in memory by two processes', () => {
  let schema: string;
  let dataDir: string;
  let one: ServerProcess;
  let two: ServerProcess;
  let a: ApiClient;
  let b: ApiClient;

  beforeAll(async () => {
    schema = await createTestSchema();
    dataDir = tempDir('cache');
    const env = testEnv(dataDir, {
      DATABASE_URL: POSTGRES_URL,
      DATABASE_SCHEMA: schema,
      SESSION_CACHE_SIZE: '1000',
      RATE_LIMIT_SIGNUP_MAX: '100',
    });
    [one, two] = await Promise.all([spawnServer(env), spawnServer(env)]);
    a = new ApiClient(one.url);
    b = new ApiClient(two.url);
  }, 60_000);

  afterAll(async () => {
    await one?.stop();
    await two?.stop();
    if (schema) await dropTestSchema(schema);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function account(label: string) {
    const email = `${label}@example.com`;
    expect(
      (await a.post(API_PATHS.signup, { name: label, email, password: PASSWORD })).status,
    ).toBe(201);
    const { code } = await a.waitForMail(email, 1);
    const activated = await b.post(API_PATHS.verifyAccount, { email, code, password: PASSWORD });
    expect(activated.status).toBe(200);
    return { email, token: activated.body.token as string };
  }

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  /** Verified on both processes, several times: each now answers it from memory. */
  async function verifiedOnBoth(token: string) {
    for (const api of [a, b, a, b]) {
      expect((await api.get(API_PATHS.verify, bearer(token))).status).toBe(200);
    }
  }

  it('ends a logged-out session on the other process', async () => {
    const { token } = await account('logout');
    await verifiedOnBoth(token);
    expect((await b.post(API_PATHS.logout, undefined, bearer(token))).status).toBe(200);
    expect((await a.get(API_PATHS.verify, bearer(token))).status).toBe(401);
    expect((await b.get(API_PATHS.verify, bearer(token))).status).toBe(401);
  });

  it('ends the other sessions when they are signed out, and after a password change', async () => {
    const { email, token } = await account('others');
    const second = (await a.post(API_PATHS.login, { email, password: PASSWORD })).body
      .token as string;
    await verifiedOnBoth(second);
    expect((await b.post(API_PATHS.revokeOtherSessions, undefined, bearer(token))).status).toBe(
      200,
    );
    expect((await a.get(API_PATHS.verify, bearer(second))).status).toBe(401);
    expect((await a.get(API_PATHS.verify, bearer(token))).status).toBe(200);

    const third = (await b.post(API_PATHS.login, { email, password: PASSWORD })).body
      .token as string;
    await verifiedOnBoth(third);
    const changed = await b.post(
      API_PATHS.changePassword,
      { currentPassword: PASSWORD, newPassword: 'another cached passphrase 32' },
      bearer(token),
    );
    expect(changed.status).toBe(200);
    expect((await a.get(API_PATHS.verify, bearer(third))).status).toBe(401);
  });

  it('ends every session of a deleted account', async () => {
    const { token } = await account('deleted');
    await verifiedOnBoth(token);
    const deleted = await b.post(API_PATHS.deleteAccount, { password: PASSWORD }, bearer(token));
    expect(deleted.status).toBe(200);
    expect((await a.get(API_PATHS.verify, bearer(token))).status).toBe(401);
  });

  it('ends a session deleted in the database by anything else (the sweeper, an operator)', async () => {
    const { token } = await account('swept');
    await verifiedOnBoth(token);
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      await client.query(`delete from ${schema}.sessions`);
    } finally {
      await client.end();
    }
    // Delivered at commit to every listening process; a verify may race it by a moment.
    let status = 200;
    for (let i = 0; i < 50 && status === 200; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 10));
      status = (await a.get(API_PATHS.verify, bearer(token))).status;
    }
    expect(status).toBe(401);
    expect((await b.get(API_PATHS.verify, bearer(token))).status).toBe(401);
  });
});
