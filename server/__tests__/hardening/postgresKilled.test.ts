// kill -9 of PostgreSQL (without Redis: the limits live in the same database) under steady traffic,
// then a restart: every request answers as usual or 503 with Retry-After, never 500, while the
// database is gone and while it recovers; afterwards the owners sign in with their password as
// before (no 503 was counted against them).
import fs from 'node:fs';

import { API_PATHS } from '../../../contract/api';
import { bearer, OWNER_PASSWORD } from '../../../testing/server/abuse/accounts';
import { capturedLog } from '../../../testing/server/capturedLog';
import { ApiClient, type Answer } from '../../../testing/server/client';
import { tempDir, testConfig } from '../../../testing/server/config';
import { ownPostgres, type OwnPostgres } from '../../../testing/server/ownServices';
import { startServer, type RunningServer } from '../../app';

const ACCOUNTS = 6;
/** Requests in flight at once. */
const LANES = 16;
/** Logins per (email, address) that may fail: fewer than the outage's logins per account. */
const LOGIN_FAILURES = 3;

let database: OwnPostgres;
let server: RunningServer;
let dataDir: string;
const log = capturedLog();
const accounts: Array<{ email: string; token: string }> = [];

beforeAll(async () => {
  database = await ownPostgres();
  dataDir = tempDir('pg-killed');
  server = await startServer(
    testConfig(dataDir, {
      DATABASE_URL: database.url,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SIGNUP_MAX: '100000',
      RATE_LIMIT_LOGIN_FAILURES_MAX: String(LOGIN_FAILURES),
      RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS_MAX: String(LOGIN_FAILURES * ACCOUNTS),
      PASSWORD_HASH_QUEUE: '1000',
    }),
    { logStream: log.stream },
  );
  const api = new ApiClient(server.url);
  for (let i = 0; i < ACCOUNTS; i += 1) {
    const email = `killed-${i}@example.com`;
    await api.post(API_PATHS.signup, { name: 'Owner', email, password: OWNER_PASSWORD });
    // The mail thread's first start may take a while on a busy machine.
    await server.app.mail.idle();
    const { code } = await api.waitForMail(email, 1);
    const activated = await api.post(API_PATHS.verifyAccount, {
      email,
      code,
      password: OWNER_PASSWORD,
    });
    accounts.push({ email, token: activated.body.token });
  }
}, 120_000);

afterAll(async () => {
  await server?.close();
  await database?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Sends every kind of request in turn until `stop()`; keeps each answer. */
function traffic(api: ApiClient) {
  const answers: Array<{ what: string; answer: Answer }> = [];
  let running = true;
  let signups = 0;
  const requests: Array<[string, (i: number) => Promise<Answer>]> = [
    ['verify', (i) => api.get(API_PATHS.verify, bearer(accounts[i % ACCOUNTS]!.token))],
    [
      'login',
      (i) =>
        api.post(API_PATHS.login, {
          email: accounts[i % ACCOUNTS]!.email,
          password: OWNER_PASSWORD,
        }),
    ],
    ['sessions', (i) => api.get(API_PATHS.sessions, bearer(accounts[i % ACCOUNTS]!.token))],
    [
      'signup',
      () =>
        api.post(API_PATHS.signup, {
          name: 'Late',
          email: `late-${(signups += 1)}@example.com`,
          password: OWNER_PASSWORD,
        }),
    ],
    ['reset request', (i) => api.post(API_PATHS.requestPasswordReset, { email: `r${i}@x.org` })],
    ['health', () => api.get(API_PATHS.health)],
  ];
  const loops = Array.from({ length: LANES }, async (_, lane) => {
    for (let i = lane; running; i += LANES) {
      const [what, send] = requests[i % requests.length]!;
      const answer = await send(i).catch((error: unknown) => ({
        status: 0,
        headers: new Headers(),
        body: String(error),
      }));
      answers.push({ what, answer });
    }
  });
  return {
    answers,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PostgreSQL killed under traffic, then restarted', () => {
  let answers: Array<{ what: string; answer: Answer }>;

  beforeAll(async () => {
    const running = traffic(new ApiClient(server.url));
    // Killed at different moments of the traffic, each time restarted.
    for (const downMs of [3000, 500, 1500]) {
      await pause(1000);
      await database.kill();
      await pause(downMs);
      await database.start();
    }
    await pause(3000);
    await running.stop();
    answers = running.answers;
  }, 120_000);

  it('answered during the outage: some requests found the database gone', () => {
    expect(answers.filter(({ answer }) => answer.status === 503).length).toBeGreaterThan(0);
  });

  it('never answered 500, nor dropped a connection', () => {
    const broken = answers
      .filter(({ answer }) => answer.status === 0 || answer.status >= 500)
      .filter(({ answer }) => answer.status !== 503)
      .map(({ what, answer }) => `${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
    const errors = log
      .text()
      .split('\n')
      .filter((line) => line.includes('"msg":"request failed"'));
    expect({ broken, errors }).toEqual({ broken: [], errors: [] });
  });

  it('said when to try again with every 503', () => {
    const refusals = answers.filter(
      ({ what, answer }) => answer.status === 503 && what !== 'health',
    );
    for (const { answer } of refusals) {
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('lets every owner sign in with the password afterwards: no 503 was counted', async () => {
    const api = new ApiClient(server.url);
    for (const { email } of accounts) {
      const login = await api.post(API_PATHS.login, { email, password: OWNER_PASSWORD });
      expect(login.status).toBe(200);
    }
  });
});
