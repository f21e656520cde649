// Two server processes behind one PostgreSQL and one Redis behave as one server.
import fs from 'node:fs';

import { API_PATHS } from '../../contract/api';
import { spawnServer, type ServerProcess } from '../../testing/processes';
import { ApiClient } from '../../testing/server/client';
import { tempDir, testEnv } from '../../testing/server/config';
import { createTestSchema, dropTestSchema, POSTGRES_URL } from '../../testing/server/postgres';
import {
  deleteRedisPrefix,
  REDIS_URL,
  requireRedis,
  testRedisPrefix,
} from '../../testing/server/redis';

const PASSWORD = 'shared passphrase 77';

describe('two server processes sharing PostgreSQL and Redis', () => {
  let schema: string;
  let prefix: string;
  let dataDir: string;
  let one: ServerProcess;
  let two: ServerProcess;
  let a: ApiClient;
  let b: ApiClient;

  beforeAll(async () => {
    await requireRedis();
    schema = await createTestSchema();
    prefix = testRedisPrefix();
    dataDir = tempDir('two');
    const env = testEnv(dataDir, {
      DATABASE_URL: POSTGRES_URL,
      DATABASE_SCHEMA: schema,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      RATE_LIMIT_SIGNUP_MAX: '6',
      RATE_LIMIT_LOGIN_FAILURES_MAX: '4',
    });
    // Started together: the migrations must not trip over each other.
    [one, two] = await Promise.all([spawnServer(env), spawnServer(env)]);
    a = new ApiClient(one.url);
    b = new ApiClient(two.url);
  }, 60_000);

  afterAll(async () => {
    await one?.stop();
    await two?.stop();
    if (schema) await dropTestSchema(schema);
    if (prefix) await deleteRedisPrefix(prefix);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs on two ports', () => {
    expect(one.url).not.toBe(two.url);
  });

  it('verifies on one a session made on the other, and sees a logout made on the other', async () => {
    const email = 'roaming@example.com';
    expect(
      (await a.post(API_PATHS.signup, { name: 'Roam', email, password: PASSWORD })).status,
    ).toBe(201);
    const { code } = await a.waitForMail(email, 1);
    const activated = await b.post(API_PATHS.verifyAccount, { email, code, password: PASSWORD });
    expect(activated.status).toBe(200);
    const login = await a.post(API_PATHS.login, { email, password: PASSWORD });
    const auth = { authorization: `Bearer ${login.body.token}` };
    expect((await b.get(API_PATHS.verify, auth)).status).toBe(200);
    expect((await a.get(API_PATHS.verify, auth)).status).toBe(200);

    expect((await b.post(API_PATHS.logout, undefined, auth)).status).toBe(200);
    expect((await a.get(API_PATHS.verify, auth)).status).toBe(401);
    expect((await a.post(API_PATHS.logout, undefined, auth)).status).toBe(401);
  });

  it('counts login failures made to both processes against one limit', async () => {
    const email = 'targeted@example.com';
    await a.post(API_PATHS.signup, { name: 'Target', email, password: PASSWORD });
    const { code } = await a.waitForMail(email, 1);
    expect(
      (await a.post(API_PATHS.verifyAccount, { email, code, password: PASSWORD })).status,
    ).toBe(200);
    for (const [i, api] of [a, b, a, b].entries()) {
      expect(
        (await api.post(API_PATHS.login, { email, password: `guess number ${i}` })).status,
      ).toBe(401);
    }
    expect((await a.post(API_PATHS.login, { email, password: PASSWORD })).status).toBe(429);
    expect((await b.post(API_PATHS.login, { email, password: PASSWORD })).status).toBe(429);
  });

  it('counts sign-ups from one address to both processes against one limit', async () => {
    // Two sign-ups were made above, from this same address.
    const statuses: number[] = [];
    for (const [i, api] of [a, b, a, b, a].entries()) {
      const answer = await api.post(API_PATHS.signup, {
        name: 'Many',
        email: `many-${i}@example.com`,
        password: PASSWORD,
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
  });

  it('keeps the counters in Redis under its prefix', async () => {
    const { Redis } = await import('ioredis');
    const redis = new Redis(REDIS_URL);
    try {
      expect((await redis.keys(`${prefix}*`)).length).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
  });
});
