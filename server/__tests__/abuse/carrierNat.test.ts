// Many phones behind one address (carrier-grade NAT): a limit per client address is shared by
// everyone behind it, so it counts only what honest visitors do not do, on each counter store.
// Right codes and passwords in flight hold no point that refuses another visitor; a visitor's own
// mistakes come back with their success; an address that signed in to an account before is not
// held by the address's login failures; an activated sign-up gives its point back. Every limit
// stays exact for what it counts: parallel wrong tries get exactly the limit's worth of checks.
import { API_PATHS } from '../../../contract/api';
import { COUNTER_ENGINES, serverUnderAttack } from '../../../testing/server/abuse/abuseServer';
import {
  OWNER_PASSWORD,
  pendingAccount,
  uniqueEmail,
  wrongCode,
} from '../../../testing/server/abuse/accounts';
import { inWaves, tally } from '../../../testing/server/abuse/attack';

/** The address's budgets, as configured here (the defaults are measured by `npm run bench -- abuse`). */
const WRONG_CODES_PER_ADDRESS = 20;
const LOGIN_FAILURES_PER_ADDRESS = 20;
/** Visitors behind the one address in each burst: more than either budget. */
const CROWD = 60;

describe.each(COUNTER_ENGINES)('visitors behind one address on %s', (_name, makeSetup) => {
  const { from } = serverUnderAttack(makeSetup, {
    PASSWORD_HASH_QUEUE: '1000',
    CODE_GUESSES_PER_ADDRESS_MAX: String(WRONG_CODES_PER_ADDRESS),
    RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS_MAX: String(LOGIN_FAILURES_PER_ADDRESS),
    // The accounts these tests use sign up from addresses of their own, many each.
    RATE_LIMIT_SIGNUP_MAX: '1000',
  });
  let addresses = 0;
  /** An address no other test used: the one address of a test's crowd. */
  const newAddress = () => from(200 + (addresses += 1));

  /** `count` accounts waiting for activation, with their codes, signed up from elsewhere. */
  function pending(count: number) {
    return inWaves(count, 25, async (i) => {
      const email = uniqueEmail('nat');
      return { email, code: await pendingAccount(from(100 + (i % 20)), email) };
    });
  }

  /** `count` activated accounts: activated from `at`, which is then known to each of them. */
  async function activated(count: number, at = newAddress()) {
    const accounts = await pending(count);
    await inWaves(count, 25, async (i) => {
      const { email, code } = accounts[i]!;
      const answer = await at.post(API_PATHS.verifyAccount, {
        email,
        code,
        password: OWNER_PASSWORD,
      });
      expect(answer.status).toBe(200);
    });
    return accounts;
  }

  const wrongLogin = (email: string) => ({ email, password: 'not the right one' });

  it(`activates ${CROWD} right codes sent at once from one address`, async () => {
    const accounts = await pending(CROWD);
    const crowd = newAddress();
    const answers = await Promise.all(
      accounts.map(({ email, code }) =>
        crowd.post(API_PATHS.verifyAccount, { email, code, password: OWNER_PASSWORD }),
      ),
    );
    expect(tally(answers)).toEqual({ 200: CROWD });
  });

  it('gives an address its mistyped codes back with the right ones; counts the rest exactly', async () => {
    const accounts = await pending(WRONG_CODES_PER_ADDRESS + 5);
    const crowd = newAddress();
    // More visitors than the address's wrong codes each mistype once, then type the right code.
    for (const { email, code } of accounts) {
      const mistyped = await crowd.post(API_PATHS.verifyAccount, {
        email,
        code: wrongCode(code),
        password: OWNER_PASSWORD,
      });
      expect(mistyped.status).toBe(400);
      const right = await crowd.post(API_PATHS.verifyAccount, {
        email,
        code,
        password: OWNER_PASSWORD,
      });
      expect(right.status).toBe(200);
    }
    // The address owes nothing now: a burst of wrong codes gets exactly the limit's worth.
    const strangers = await pending(WRONG_CODES_PER_ADDRESS + 20);
    const guesses = await Promise.all(
      strangers.map(({ email, code }) =>
        crowd.post(API_PATHS.verifyAccount, {
          email,
          code: wrongCode(code),
          password: OWNER_PASSWORD,
        }),
      ),
    );
    expect(tally(guesses)).toEqual({ 400: WRONG_CODES_PER_ADDRESS, 429: 20 });
  });

  it(`signs in ${CROWD} right passwords sent at once from a new address`, async () => {
    const accounts = await activated(CROWD);
    // Another address, where none of them signed in before.
    const crowd = newAddress();
    const answers = await Promise.all(
      accounts.map(({ email }) => crowd.post(API_PATHS.login, { email, password: OWNER_PASSWORD })),
    );
    expect(tally(answers)).toEqual({ 200: CROWD });
  });

  it('gives an address its wrong passwords back when the right one follows; counts the rest exactly', async () => {
    const accounts = await activated(LOGIN_FAILURES_PER_ADDRESS + 5);
    const crowd = newAddress();
    for (const { email } of accounts) {
      expect((await crowd.post(API_PATHS.login, wrongLogin(email))).status).toBe(401);
      const login = await crowd.post(API_PATHS.login, { email, password: OWNER_PASSWORD });
      expect(login.status).toBe(200);
    }
    // Credential stuffing from the same address still gets exactly the limit's worth.
    const stuffed = await Promise.all(
      Array.from({ length: LOGIN_FAILURES_PER_ADDRESS + 20 }, () =>
        crowd.post(API_PATHS.login, wrongLogin(uniqueEmail('stuffed'))),
      ),
    );
    expect(tally(stuffed)).toEqual({ 401: LOGIN_FAILURES_PER_ADDRESS, 429: 20 });
  });

  it('gives a stuffer behind the address nothing back when owners known there fix their typos', async () => {
    const crowd = newAddress();
    const owners = await activated(10, crowd);
    const stuffed = await Promise.all(
      Array.from({ length: LOGIN_FAILURES_PER_ADDRESS + 5 }, () =>
        crowd.post(API_PATHS.login, wrongLogin(uniqueEmail('stuffed'))),
      ),
    );
    expect(tally(stuffed)).toEqual({ 401: LOGIN_FAILURES_PER_ADDRESS, 429: 5 });
    // Each owner's typo drew from its own pair only (the address is theirs): its success gives
    // the address nothing back.
    for (const { email } of owners) {
      expect((await crowd.post(API_PATHS.login, wrongLogin(email))).status).toBe(401);
      const login = await crowd.post(API_PATHS.login, { email, password: OWNER_PASSWORD });
      expect(login.status).toBe(200);
    }
    const again = await Promise.all(
      Array.from({ length: 10 }, () =>
        crowd.post(API_PATHS.login, wrongLogin(uniqueEmail('stuffed'))),
      ),
    );
    expect(tally(again)).toEqual({ 429: 10 });
  });

  it('lets owners who signed in from the address before in after strangers there spent its failures', async () => {
    const crowd = newAddress();
    const [owner] = await activated(1, crowd);
    const stuffed = await Promise.all(
      Array.from({ length: LOGIN_FAILURES_PER_ADDRESS + 5 }, () =>
        crowd.post(API_PATHS.login, wrongLogin(uniqueEmail('stuffed'))),
      ),
    );
    expect(tally(stuffed)).toEqual({ 401: LOGIN_FAILURES_PER_ADDRESS, 429: 5 });
    // The owner's own typo is still checked (the pair's limit holds it), and the password signs in.
    expect((await crowd.post(API_PATHS.login, wrongLogin(owner!.email))).status).toBe(401);
    const login = await crowd.post(API_PATHS.login, {
      email: owner!.email,
      password: OWNER_PASSWORD,
    });
    expect(login.status).toBe(200);
  });
});

describe.each(COUNTER_ENGINES)('sign-ups behind one address on %s', (_name, makeSetup) => {
  const { from } = serverUnderAttack(makeSetup, {
    RATE_LIMIT_SIGNUP_MAX: '20',
    PASSWORD_HASH_QUEUE: '1000',
  });

  it('counts the sign-ups not activated: an activated one gives its point back', async () => {
    const crowd = from(250);
    const signups = (count: number) =>
      inWaves(count, 25, async () => {
        const email = uniqueEmail('nat-signup');
        const answer = await crowd.post(API_PATHS.signup, {
          name: 'Phone',
          email,
          password: OWNER_PASSWORD,
        });
        return { email, status: answer.status };
      });
    const statuses = (list: Array<{ status: number }>) => list.map(({ status }) => status).sort();
    const refusedBeyond = [...Array<number>(20).fill(201), ...Array<number>(5).fill(429)];
    const first = await signups(25);
    expect(statuses(first)).toEqual(refusedBeyond);
    for (const { email, status } of first) {
      if (status !== 201) continue;
      const { code } = await crowd.waitForMail(email, 1);
      const answer = await crowd.post(API_PATHS.verifyAccount, {
        email,
        code,
        password: OWNER_PASSWORD,
      });
      expect(answer.status).toBe(200);
    }
    const second = await signups(25);
    expect(statuses(second)).toEqual(refusedBeyond);
  });
});
