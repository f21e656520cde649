// Two server processes behind one PostgreSQL and one Redis behave as one server.
import { API_PATHS } from '../../contract/api';
import { pendingAccount } from '../../testing/server/abuse/accounts';
import { REDIS_URL } from '../../testing/server/redis';
import { activatedAcross, twoProcessesOnPostgres } from '../../testing/server/twoProcesses';

const PASSWORD = 'shared passphrase 77';

describe('two server processes sharing PostgreSQL and Redis', () => {
  const shared = twoProcessesOnPostgres(
    { RATE_LIMIT_SIGNUP_MAX: '6', RATE_LIMIT_LOGIN_FAILURES_MAX: '4' },
    { redis: true },
  );

  it('runs on two ports', () => {
    expect(shared.one.url).not.toBe(shared.two.url);
  });

  it('verifies on one a session made on the other, and sees a logout made on the other', async () => {
    const email = 'roaming@example.com';
    await activatedAcross(shared, email, PASSWORD);
    const login = await shared.a.post(API_PATHS.login, { email, password: PASSWORD });
    const auth = { authorization: `Bearer ${login.body.token}` };
    expect((await shared.b.get(API_PATHS.verify, auth)).status).toBe(200);
    expect((await shared.a.get(API_PATHS.verify, auth)).status).toBe(200);

    expect((await shared.b.post(API_PATHS.logout, undefined, auth)).status).toBe(200);
    expect((await shared.a.get(API_PATHS.verify, auth)).status).toBe(401);
    expect((await shared.a.post(API_PATHS.logout, undefined, auth)).status).toBe(401);
  });

  it('counts login failures made to both processes against one limit', async () => {
    const email = 'targeted@example.com';
    const code = await pendingAccount(shared.a, email, PASSWORD);
    expect(
      (await shared.a.post(API_PATHS.verifyAccount, { email, code, password: PASSWORD })).status,
    ).toBe(200);
    for (const [i, api] of [shared.a, shared.b, shared.a, shared.b].entries()) {
      expect(
        (await api.post(API_PATHS.login, { email, password: `guess number ${i}` })).status,
      ).toBe(401);
    }
    expect((await shared.a.post(API_PATHS.login, { email, password: PASSWORD })).status).toBe(429);
    expect((await shared.b.post(API_PATHS.login, { email, password: PASSWORD })).status).toBe(429);
  });

  it('counts sign-ups from one address to both processes against one limit', async () => {
    // The two sign-ups above, from this same address, were activated: their points came back.
    const statuses: number[] = [];
    const turns = [shared.a, shared.b, shared.a, shared.b, shared.a, shared.b, shared.a];
    for (const [i, api] of turns.entries()) {
      const answer = await api.post(API_PATHS.signup, {
        name: 'Many',
        email: `many-${i}@example.com`,
        password: PASSWORD,
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429]);
  });

  it('keeps the counters in Redis under its prefix', async () => {
    const { Redis } = await import('ioredis');
    const redis = new Redis(REDIS_URL);
    try {
      expect((await redis.keys(`${shared.prefix}*`)).length).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
  });
});
