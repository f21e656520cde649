// Counters outlive the process and cannot be pushed out by filling the store with other keys.
import { API_PATHS } from '../../../contract/api';
import { COUNTER_ENGINES, type AbuseSetup } from '../../../testing/server/abuse/abuseServer';
import { activatedAccount, uniqueEmail } from '../../../testing/server/abuse/accounts';
import { inWaves, tally } from '../../../testing/server/abuse/attack';
import { AddressClient, visitorAddress } from '../../../testing/server/abuse/fromAddress';

// Room for the filling below: only the per-pair limit is under test here.
const ROOMY = {
  RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS_MAX: '100000',
  RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL_MAX: '100000',
};

describe.each(COUNTER_ENGINES)('durable limits on %s', (_name, makeSetup) => {
  let setup: AbuseSetup;

  beforeAll(async () => {
    setup = await makeSetup();
  });

  afterAll(async () => {
    await setup?.tearDown();
  });

  async function exhaust(client: AddressClient, email: string) {
    const answers = [];
    for (let i = 0; i < 11; i++) {
      answers.push(await client.post(API_PATHS.login, { email, password: `guess ${i}` }));
    }
    expect(tally(answers)).toEqual({ 401: 10, 429: 1 });
  }

  it('still refuses after a restart', async () => {
    const first = await setup.start(ROOMY);
    const email = uniqueEmail('restart');
    const attacker = new AddressClient(first.url, visitorAddress(1));
    await activatedAccount(attacker, email);
    await exhaust(attacker, email);
    attacker.close();
    await first.close();

    const second = await setup.start(ROOMY);
    const again = new AddressClient(second.url, visitorAddress(1));
    const answer = await again.post(API_PATHS.login, { email, password: 'guess after restart' });
    again.close();
    await second.close();
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('still refuses after 5,100 failures for other emails', async () => {
    const server = await setup.start(ROOMY);
    const email = uniqueEmail('evict');
    const attacker = new AddressClient(server.url, visitorAddress(2));
    await activatedAccount(attacker, email);
    await exhaust(attacker, email);
    const filling = await inWaves(5100, 50, (i) =>
      attacker.post(API_PATHS.login, { email: `filler-${i}@example.com`, password: 'filler' }),
    );
    expect(tally(filling)).toEqual({ 401: 5100 });
    const answer = await attacker.post(API_PATHS.login, { email, password: 'guess after filling' });
    attacker.close();
    await server.close();
    expect(answer.status).toBe(429);
  }, 120_000);
});
