// An SQLite store that cannot be written. These suites run as root, where chmod stops nothing, so
// two faithful stand-ins are used: a data folder that cannot exist (its parent is a regular file:
// ENOTDIR stops root too), and a write lock held by another connection, which makes every write
// fail exactly as a read-only file does while reads go on.
import fs from 'node:fs';
import path from 'node:path';

import SQLite from 'better-sqlite3';

import { API_PATHS } from '../../../contract/api';
import { ApiClient } from '../../../testing/server/client';
import { tempDir, testConfig } from '../../../testing/server/config';
import { startServer, type RunningServer } from '../../app';

const PASSWORD = 'correct horse battery';
let dataDir: string;

beforeAll(() => {
  dataDir = tempDir('unwritable');
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it('refuses to start on a folder that cannot be created, naming the cause', async () => {
  const blocker = path.join(dataDir, 'not-a-folder');
  fs.writeFileSync(blocker, '');
  const config = testConfig(path.join(blocker, 'data'));
  await expect(startServer(config)).rejects.toThrow(/ENOTDIR|not a directory/i);
});

describe('while another connection holds the write lock', () => {
  let server: RunningServer;
  let api: ApiClient;
  let locker: SQLite.Database;
  let bearer: Record<string, string>;

  beforeAll(async () => {
    const place = path.join(dataDir, 'locked');
    server = await startServer(testConfig(place));
    api = new ApiClient(server.url);
    await api.post(API_PATHS.signup, { name: 'Ly', email: 'ly@example.com', password: PASSWORD });
    const { code } = await api.waitForMail('ly@example.com', 1);
    const activated = await api.post(API_PATHS.verifyAccount, {
      email: 'ly@example.com',
      code,
      password: PASSWORD,
    });
    bearer = { authorization: `Bearer ${activated.body.token}` };
    locker = new SQLite(path.join(place, 'app.db'));
    locker.prepare('begin immediate').run();
  }, 30_000);

  afterAll(async () => {
    if (locker?.inTransaction) locker.prepare('rollback').run();
    locker?.close();
    await server?.close();
  });

  it('answers a sign-up with a clear JSON error after the busy wait, and stays up', async () => {
    const answer = await api.post(API_PATHS.signup, {
      name: 'Blocked',
      email: 'blocked@example.com',
      password: PASSWORD,
    });
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ error: true, code: 'SERVICE_UNAVAILABLE' });
    // When to try again, as on every 503 of the API (docs/openapi.json).
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await api.get(API_PATHS.verify, bearer)).status).toBe(200);
  }, 20_000);

  it('writes again once the lock is gone, with nothing half made', async () => {
    locker.prepare('rollback').run();
    const answer = await api.post(API_PATHS.signup, {
      name: 'Later',
      email: 'blocked@example.com',
      password: PASSWORD,
    });
    expect(answer.status).toBe(201);
    const { code } = await api.waitForMail('blocked@example.com', 1);
    expect(
      (
        await api.post(API_PATHS.verifyAccount, {
          email: 'blocked@example.com',
          code,
          password: PASSWORD,
        })
      ).status,
    ).toBe(200);
  });
});
