// A right answer whose point the counter store has taken, but whose answer from the store is still
// on its way (a busy host, a slow network to PostgreSQL or Redis), holds that point already: a
// visitor behind the same address who finds the budget spent meanwhile waits for it to come back
// rather than being refused.
import { RateLimiterSQLite, type RateLimiterAbstract } from 'rate-limiter-flexible';

import { API_PATHS } from '../../../contract/api';
import { ABUSE_ENGINES, serverUnderAttack } from '../../../testing/server/abuse/abuseServer';
import {
  OWNER_PASSWORD,
  pendingAccount,
  uniqueEmail,
} from '../../../testing/server/abuse/accounts';
import { tally } from '../../../testing/server/abuse/attack';

const [sqliteEngine] = ABUSE_ENGINES.filter(([name]) => name === 'SQLite');

describe('a point taken by the store before its answer arrives', () => {
  const { from } = serverUnderAttack(sqliteEngine![1], {
    CODE_GUESSES_PER_ADDRESS_MAX: '1',
    RATE_LIMIT_SIGNUP_MAX: '1000',
  });

  afterEach(() => jest.restoreAllMocks());

  it('holds it for the visitors behind the same address', async () => {
    const accounts = await Promise.all(
      [0, 1].map(async (i) => {
        const email = uniqueEmail('in-flight');
        return { email, code: await pendingAccount(from(10 + i), email) };
      }),
    );
    // The first answer of each counter key reaches the request late, after the store counted it.
    const consume = RateLimiterSQLite.prototype.consume;
    const seen = new Set<string>();
    jest.spyOn(RateLimiterSQLite.prototype, 'consume').mockImplementation(async function (
      this: RateLimiterAbstract,
      key,
      points,
      options,
    ) {
      const answer = await consume.call(this, key, points, options);
      const id = this.getKey(key);
      if (!seen.has(id)) {
        seen.add(id);
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      return answer;
    });
    const crowd = from(99);
    const answers = await Promise.all(
      accounts.map(({ email, code }) =>
        crowd.post(API_PATHS.verifyAccount, { email, code, password: OWNER_PASSWORD }),
      ),
    );
    expect(tally(answers)).toEqual({ 200: 2 });
  });
});
