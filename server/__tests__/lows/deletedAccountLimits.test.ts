// A deleted account's limiter rows go with it: the addresses its owner signed in from lose their
// exemption from the per-email login limit (it must not pass to whoever signs up with the email
// next), and its sessions' password-check counters are gone. On the three counter stores.
import { Redis } from 'ioredis';

import { API_PATHS } from '../../../contract/api';
import { COUNTER_ENGINES, serverUnderAttack } from '../../../testing/server/abuse/abuseServer';
import {
  activatedAccount,
  OWNER_PASSWORD,
  uniqueEmail,
} from '../../../testing/server/abuse/accounts';
import { REDIS_URL } from '../../../testing/server/redis';
import type { RunningServer } from '../../app';

/** Every limiter key that names `text` (the store's own table, or Redis under the prefix). */
async function limiterKeysNaming(server: RunningServer, text: string): Promise<string[]> {
  const { config } = server.app;
  if (config.redis) {
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    try {
      return await redis.keys(`${config.redis.prefix}limit:*${text}*`);
    } finally {
      redis.disconnect();
    }
  }
  const rows = await server.app.db
    .selectFrom('rate_limits' as never)
    .select('key' as never)
    .execute();
  return (rows as Array<{ key: string }>).map((row) => row.key).filter((key) => key.includes(text));
}

describe.each(COUNTER_ENGINES)("a deleted account's limiter rows on %s", (_name, makeSetup) => {
  const attack = serverUnderAttack(makeSetup, { RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL_MAX: '3' });
  const { from } = attack;

  it('ends the known-address exemption and the password counters with the account', async () => {
    const email = uniqueEmail('deleted');
    const owner = from(1);
    await activatedAccount(owner, email);
    const login = await owner.post(API_PATHS.login, { email, password: OWNER_PASSWORD });
    expect(login.status).toBe(200);
    const { token } = login.body;
    const userId: string = login.body.user.id;
    const bearer = { authorization: `Bearer ${token}` };
    const wrongLogins = async (count: number) => {
      const statuses: number[] = [];
      for (let i = 0; i < count; i += 1) {
        const answer = await owner.post(API_PATHS.login, { email, password: `wrong ${i}` });
        statuses.push(answer.status);
      }
      return statuses;
    };
    // The owner's address is exempt from the per-email limit (3) while the account lives.
    expect(await wrongLogins(4)).toEqual([401, 401, 401, 401]);
    // A wrong email-change code spends the account's code budget (a row that never expires).
    const noCode = await owner.post(API_PATHS.confirmEmailChange, { code: '000000' }, bearer);
    expect(noCode.body).toMatchObject({ code: 'INVALID_CODE' });
    const wrong = await owner.post(API_PATHS.deleteAccount, { password: 'not it' }, bearer);
    expect(wrong.body).toMatchObject({ code: 'VALIDATION', fields: { password: 'INCORRECT' } });
    expect(await limiterKeysNaming(attack.server, userId)).not.toEqual([]);

    const deleted = await owner.post(API_PATHS.deleteAccount, { password: OWNER_PASSWORD }, bearer);
    expect(deleted.status).toBe(200);

    // Someone else signs up with the email; the old owner's address is a stranger to it now.
    const newcomer = from(2);
    await attack.server.app.mail.idle();
    const mailed = (await newcomer.mailsTo(email)).length;
    const signup = { name: 'Newcomer', email, password: OWNER_PASSWORD };
    expect((await newcomer.post(API_PATHS.signup, signup)).status).toBe(201);
    const { code } = await newcomer.waitForMail(email, mailed + 1);
    const activation = { email, code, password: OWNER_PASSWORD };
    expect((await newcomer.post(API_PATHS.verifyAccount, activation)).status).toBe(200);
    expect(await wrongLogins(4)).toEqual([401, 401, 401, 429]);
    // Nothing the limits kept names the deleted account any more.
    expect(await limiterKeysNaming(attack.server, userId)).toEqual([]);
  });
});
