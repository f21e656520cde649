// compose.yaml's shape without the containers: two servers on one PostgreSQL and one Redis, behind
// the proxy it runs (Caddy with deploy/Caddyfile, Debian's package). One published port spreads
// the requests over both, a session opened through one is live on the other, and each replica's
// metrics show its share.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { API_PATHS } from '../../contract/api';
import { freePort, REPO_ROOT, startTogether } from '../../testing/processes';
import { bearer, uniqueEmail } from '../../testing/server/abuse/accounts';
import { ApiClient } from '../../testing/server/client';
import { tempDir, testConfig } from '../../testing/server/config';
import { scrape, valueOf } from '../../testing/server/metrics';
import { createTestSchema, dropTestSchema, POSTGRES_URL } from '../../testing/server/postgres';
import { deleteRedisPrefix, REDIS_URL, testRedisPrefix } from '../../testing/server/redis';
import { startServer, type RunningServer } from '../app';

const PASSWORD = 'a replicated passphrase';

let schema = '';
const prefix = testRedisPrefix();
const dataDir = tempDir('replicas');
const caddyHome = tempDir('caddy');
const replicas: RunningServer[] = [];
let proxy: ChildProcess | undefined;
let proxyUrl = '';

beforeAll(async () => {
  schema = await createTestSchema();
  const env = {
    DATABASE_URL: POSTGRES_URL,
    DATABASE_SCHEMA: schema,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    METRICS_PORT: '0',
    TRUST_PROXY: 'loopback',
    // The proxy's health check asks for /readyz.
    DIST_DIR: path.join(REPO_ROOT, 'dist'),
  };
  // One after the other: the first one migrates the new schema.
  replicas.push(await startServer(testConfig(dataDir, env)));
  replicas.push(await startServer(testConfig(dataDir, env)));

  const port = await freePort();
  proxyUrl = `http://127.0.0.1:${port}`;
  proxy = spawn(
    'caddy',
    ['run', '--adapter', 'caddyfile', '--config', path.join(REPO_ROOT, 'deploy', 'Caddyfile')],
    {
      env: {
        PATH: process.env.PATH,
        HOME: caddyHome,
        XDG_DATA_HOME: caddyHome,
        XDG_CONFIG_HOME: caddyHome,
        PROXY_PORT: String(port),
        UPSTREAMS: replicas.map((replica) => `127.0.0.1:${replica.port}`).join(' '),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let output = '';
  proxy.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  proxy.once('error', (error) => {
    output += `${error.message}: apt-get install -y caddy`;
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await fetch(`${proxyUrl}${API_PATHS.health}`).catch(() => undefined);
    if (answer?.status === 200) break;
    if (Date.now() > deadline || proxy.exitCode !== null) {
      throw new Error(`the proxy did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 120_000);

afterAll(async () => {
  if (proxy && proxy.exitCode === null) {
    const exited = new Promise((resolve) => proxy!.once('exit', resolve));
    proxy.kill('SIGTERM');
    await exited;
  }
  await startTogether(replicas.map((replica) => replica.close()));
  if (schema) await dropTestSchema(schema);
  await deleteRedisPrefix(prefix);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(caddyHome, { recursive: true, force: true });
});

test('one port spreads the requests over both replicas, which share accounts and sessions', async () => {
  const api = new ApiClient(proxyUrl);
  const email = uniqueEmail('replicas');
  expect(
    (await api.post(API_PATHS.signup, { name: 'Twice', email, password: PASSWORD })).status,
  ).toBe(201);
  await Promise.all(replicas.map((replica) => replica.app.mail.idle()));
  const [mail] = await api.mailsTo(email);
  const activated = await api.post(API_PATHS.verifyAccount, {
    email,
    code: mail?.code,
    password: PASSWORD,
  });
  expect(activated.status).toBe(200);
  const token = activated.body.token as string;

  const before = await Promise.all(replicas.map((replica) => scrape(replica.app.metrics.url()!)));
  for (let call = 0; call < 6; call += 1) {
    expect((await api.get(API_PATHS.verify, bearer(token))).status).toBe(200);
  }
  const after = await Promise.all(replicas.map((replica) => scrape(replica.app.metrics.url()!)));
  const verifies = { route: API_PATHS.verify, status_code: '200' };
  const served = replicas.map(
    (_, index) =>
      valueOf(after[index]!, 'http_request_duration_seconds_count', verifies) -
      valueOf(before[index]!, 'http_request_duration_seconds_count', verifies),
  );
  expect(served.reduce((sum, count) => sum + count, 0)).toBe(6);
  for (const count of served) expect(count).toBeGreaterThan(0);
});
