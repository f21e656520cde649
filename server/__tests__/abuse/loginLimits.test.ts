// Password guessing: parallel bursts get exactly the limit's worth of checks, counted per
// (email, address), per address and per email, and a stranger never locks the owner out of their
// own address.
import { API_PATHS } from '../../../contract/api';
import { COUNTER_ENGINES, serverUnderAttack } from '../../../testing/server/abuse/abuseServer';
import {
  activatedAccount,
  OWNER_PASSWORD,
  uniqueEmail,
} from '../../../testing/server/abuse/accounts';
import { retryAfters, tally } from '../../../testing/server/abuse/attack';

describe.each(COUNTER_ENGINES)('login limits on %s', (_name, makeSetup) => {
  // The parallel bursts here are about the login limits: on a slow machine more of them than the
  // password-hash queue holds (64) can wait at once, and its 503 is tested elsewhere.
  const attack = serverUnderAttack(makeSetup, { PASSWORD_HASH_QUEUE: '1000' });
  const { from } = attack;

  it('gives 200 parallel wrong passwords for one email exactly 10 checks', async () => {
    const email = uniqueEmail('burst');
    await activatedAccount(from(1), email);
    const attacker = from(2);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        attacker.post(API_PATHS.login, { email, password: `guess ${i}` }),
      ),
    );
    expect(tally(answers)).toEqual({ 401: 10, 429: 190 });
    for (const seconds of retryAfters(answers)) {
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(15 * 60);
    }
  });

  it('gives one address 50 checks across many emails (credential stuffing)', async () => {
    const stuffer = from(3);
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        stuffer.post(API_PATHS.login, {
          email: uniqueEmail(`stuffed-${i}`),
          password: 'p4ssw0rd!',
        }),
      ),
    );
    expect(tally(answers)).toEqual({ 401: 50, 429: 30 });
  });

  it('lets the owner in from their own address while a stranger is refused', async () => {
    const email = uniqueEmail('lockout');
    const owner = from(4);
    await activatedAccount(owner, email);
    const stranger = from(5);
    const guesses = [];
    for (let i = 0; i < 12; i++) {
      guesses.push(await stranger.post(API_PATHS.login, { email, password: `guess ${i}` }));
    }
    expect(tally(guesses)).toEqual({ 401: 10, 429: 2 });
    const ownerLogin = await owner.post(API_PATHS.login, { email, password: OWNER_PASSWORD });
    expect(ownerLogin.status).toBe(200);
    expect((await stranger.post(API_PATHS.login, { email, password: OWNER_PASSWORD })).status).toBe(
      429,
    );
  });

  it('stops guessing from many addresses at 100 per email per hour, but not the owner', async () => {
    const email = uniqueEmail('distributed');
    const owner = from(6);
    await activatedAccount(owner, email);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, a) => from(10 + a)).flatMap((client, a) =>
        Array.from({ length: 10 }, (_, i) =>
          client.post(API_PATHS.login, { email, password: `guess ${a}-${i}` }),
        ),
      ),
    );
    expect(tally(answers)).toEqual({ 401: 100, 429: 20 });
    expect(Math.min(...retryAfters(answers))).toBeGreaterThan(15 * 60);
    // The owner's own address (it signed in before) is not locked out; a new one waits.
    expect((await owner.post(API_PATHS.login, { email, password: OWNER_PASSWORD })).status).toBe(
      200,
    );
    expect((await from(40).post(API_PATHS.login, { email, password: OWNER_PASSWORD })).status).toBe(
      429,
    );
  });
});
