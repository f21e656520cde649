// The limits' Redis killed, then hung (SIGSTOP: connections stay open and nothing is answered),
// each time brought back. A request that needs a counter answers 503 with Retry-After, never 500,
// and a hung Redis holds no request beyond a time-out; what needs no counter (verify) goes on; once
// Redis answers again everything works. The Redis is the test's own, on a port of its own.
import fs from 'node:fs';

import { API_PATHS } from '../../../contract/api';
import { bearer, OWNER_PASSWORD } from '../../../testing/server/abuse/accounts';
import { capturedLog } from '../../../testing/server/capturedLog';
import { ApiClient, type Answer } from '../../../testing/server/client';
import { tempDir, testConfig } from '../../../testing/server/config';
import { ownRedis, type OwnRedis } from '../../../testing/server/ownServices';
import { startServer, type RunningServer } from '../../app';

const EMAIL = 'redis-owner@example.com';

let redis: OwnRedis;
let server: RunningServer;
let api: ApiClient;
let dataDir: string;
let token: string;
const log = capturedLog();

beforeAll(async () => {
  redis = await ownRedis();
  dataDir = tempDir('redis-faults');
  server = await startServer(testConfig(dataDir, { REDIS_URL: redis.url, LOG_LEVEL: 'warn' }), {
    logStream: log.stream,
  });
  api = new ApiClient(server.url);
  const signedUp = await api.postServed(API_PATHS.signup, {
    name: 'Owner',
    email: EMAIL,
    password: OWNER_PASSWORD,
  });
  expect(signedUp.status).toBe(201);
  await server.app.mail.idle();
  const { code } = await api.waitForMail(EMAIL, 1);
  const activated = await api.postServed(API_PATHS.verifyAccount, {
    email: EMAIL,
    code,
    password: OWNER_PASSWORD,
  });
  expect(activated.status).toBe(200);
  token = activated.body.token;
}, 60_000);

afterAll(async () => {
  await server?.close();
  await redis?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The requests that take a counter first: a login, a sign-up, a reset request, a wrong login. */
function counted(): Promise<Answer>[] {
  return [
    api.post(API_PATHS.login, { email: EMAIL, password: OWNER_PASSWORD }),
    api.post(API_PATHS.signup, {
      name: 'New',
      email: `new-${Date.now()}@example.com`,
      password: OWNER_PASSWORD,
    }),
    api.post(API_PATHS.requestPasswordReset, { email: EMAIL }),
    api.post(API_PATHS.login, { email: EMAIL, password: 'not the password' }),
  ];
}

function expectUnavailable(answers: Answer[]) {
  for (const answer of answers) {
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ error: true, code: 'SERVICE_UNAVAILABLE' });
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  }
}

const requestFailures = () =>
  log
    .text()
    .split('\n')
    .filter((line) => line.includes('"msg":"request failed"'));

describe('Redis killed', () => {
  beforeAll(() => redis.kill());
  afterAll(() => redis.start());

  it('answers what needs a counter 503 with Retry-After, never 500', async () => {
    expectUnavailable(await Promise.all(counted()));
    expect(requestFailures()).toEqual([]);
  });

  it('still verifies the session', async () => {
    expect((await api.get(API_PATHS.verify, bearer(token))).status).toBe(200);
  });
});

/** Until the server's Redis connection answers again (it reconnects on its own). */
async function redisAnswers() {
  const deadline = Date.now() + 15_000;
  while ((await api.get(API_PATHS.health)).status !== 200) {
    if (Date.now() > deadline) throw new Error('Redis never answered the server again');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('Redis hung', () => {
  beforeAll(async () => {
    // Connected: the requests reach Redis and wait for an answer that does not come.
    await redisAnswers();
    redis.pause();
  });
  afterAll(() => redis.resume());

  // Without a time-out these wait as long as Redis does: past the test's own time-out.
  it('answers what needs a counter 503 once its time-out passes, never 500', async () => {
    expectUnavailable(await Promise.all(counted()));
    expect(requestFailures()).toEqual([]);
  });
});

it('works again once Redis answers', async () => {
  await redisAnswers();
  const login = await api.post(API_PATHS.login, { email: EMAIL, password: OWNER_PASSWORD });
  expect(login.status).toBe(200);
});
