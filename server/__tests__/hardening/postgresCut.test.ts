// The PostgreSQL connection cut mid-run: verify answers 503 (a failure, so the app keeps its
// token), and the server recovers on its own once the database is back.
import fs from 'node:fs';

import { API_PATHS } from '../../../contract/api';
import { ApiClient } from '../../../testing/server/client';
import { tempDir, testConfig } from '../../../testing/server/config';
import { cuttableProxy, type CuttableProxy } from '../../../testing/server/hardening/cuttableProxy';
import { createTestSchema, dropTestSchema, POSTGRES_URL } from '../../../testing/server/postgres';
import { startServer, type RunningServer } from '../../app';

const EMAIL = 'cut@example.com';
let schema: string;
let dataDir: string;
let proxy: CuttableProxy;
let server: RunningServer;
let api: ApiClient;
let bearer: Record<string, string>;

beforeAll(async () => {
  schema = await createTestSchema();
  dataDir = tempDir('pg-cut');
  const target = new URL(POSTGRES_URL);
  proxy = await cuttableProxy(Number(target.port || 5432), target.hostname);
  target.port = String(proxy.port);
  server = await startServer(
    testConfig(dataDir, { DATABASE_URL: target.toString(), DATABASE_SCHEMA: schema }),
  );
  api = new ApiClient(server.url);
  const signedUp = await api.postServed(API_PATHS.signup, {
    name: 'Cut',
    email: EMAIL,
    password: 'correct horse battery',
  });
  expect(signedUp.status).toBe(201);
  const { code } = await api.waitForMail(EMAIL, 1);
  const activated = await api.postServed(API_PATHS.verifyAccount, {
    email: EMAIL,
    code,
    password: 'correct horse battery',
  });
  expect(activated.status).toBe(200);
  bearer = { authorization: `Bearer ${activated.body.token}` };
});

afterAll(async () => {
  await server?.close();
  await proxy?.close();
  await dropTestSchema(schema);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

it('verifies the session while the database is reachable', async () => {
  expect((await api.get(API_PATHS.verify, bearer)).status).toBe(200);
});

describe('while the connection is cut', () => {
  beforeAll(() => proxy.cut());
  afterAll(() => proxy.restore());

  // A 5xx is a failure, never a verdict on the token (docs/architecture.md, Verify outcomes): the app keeps it.
  it('answers verify with 503 SERVICE_UNAVAILABLE', async () => {
    const answer = await api.get(API_PATHS.verify, bearer);
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ error: true, code: 'SERVICE_UNAVAILABLE' });
  });

  it('reports itself unhealthy', async () => {
    expect((await api.get(API_PATHS.health)).status).toBe(503);
  });

  it('answers a sign-up with a JSON error, not a dropped connection', async () => {
    const answer = await api.post(API_PATHS.signup, {
      name: 'Late',
      email: 'late@example.com',
      password: 'correct horse battery',
    });
    expect(answer.status).toBeGreaterThanOrEqual(500);
    expect(answer.body).toMatchObject({ error: true });
  });
});

it('recovers once the database is back, with the same session', async () => {
  const recovered = await until(
    async () => (await api.get(API_PATHS.health)).status === 200,
    15_000,
  );
  expect(recovered).toBe(true);
  const answer = await api.get(API_PATHS.verify, bearer);
  expect(answer.status).toBe(200);
  expect(answer.body.user.email).toBe(EMAIL);
});
