// The server under ordinary load on the runtime it is deployed on: several endpoints that prepare
// database statements, concurrently, for a few seconds. On Node 24.19+ with better-sqlite3 12, the
// statements' finalizers aborted the process (`Assertion failed: (env) != nullptr` in
// `Statement::~Statement()`) within a second of this; the process must stay up and keep answering.
import fs from 'node:fs';

import { API_PATHS } from '../../../contract/api';
import { spawnServer, type ServerProcess } from '../../../testing/processes';
import { activatedAccount, bearer } from '../../../testing/server/abuse/accounts';
import { ApiClient } from '../../../testing/server/client';
import { tempDir, testEnv } from '../../../testing/server/config';

const PASSWORD = 'a load-bearing passphrase';
const SECONDS = 4;
const CONCURRENCY = 16;

describe('the server under concurrent load (SQLite, its own process)', () => {
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = tempDir('runtime-load');
    server = await spawnServer(
      testEnv(dataDir, {
        RATE_LIMIT_LOGIN_FAILURES_MAX: '1000000',
        RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS_MAX: '1000000',
        RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL_MAX: '1000000',
      }),
    );
  }, 60_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`stays up and answers every request for ${SECONDS} s of mixed traffic`, async () => {
    const client = new ApiClient(server.url);
    const email = 'load@example.com';
    const auth = bearer(await activatedAccount(client, email, PASSWORD));

    const requests: Array<() => Promise<number>> = [
      async () => (await client.get(API_PATHS.verify, auth)).status,
      async () => (await client.get(API_PATHS.sessions, auth)).status,
      async () =>
        (await client.post(API_PATHS.login, { email, password: 'not the password' })).status,
      async () => (await client.get(API_PATHS.verify, { authorization: 'Bearer unknown' })).status,
      async () => (await client.get('/healthz')).status,
    ];
    const statuses = new Map<number, number>();
    const deadline = Date.now() + SECONDS * 1000;
    let sent = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, worker) => {
        for (let turn = worker; Date.now() < deadline; turn++) {
          const request = requests[turn % requests.length]!;
          const status = await request().catch(() => 0);
          sent++;
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }),
    );

    expect(server.output()).not.toMatch(/Assertion failed/);
    expect(server.child.exitCode).toBeNull();
    expect(server.child.signalCode).toBeNull();
    expect(sent).toBeGreaterThan(CONCURRENCY);
    // Every request got an answer (0 is a dropped connection): 200s, and 401 for the unknown token
    // and the wrong password.
    expect([...statuses.keys()].sort()).toEqual([200, 401]);
    expect((await client.get(API_PATHS.verify, auth)).status).toBe(200);
  }, 60_000);
});
