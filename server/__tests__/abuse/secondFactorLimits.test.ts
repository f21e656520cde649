// Guessing the second factor's code of an account whose password is known: the limits of a typed
// code (five per account and address, 20 per account in a row from anywhere, 50 per address), and
// parallel bursts get exactly their worth of checks, on each counter store.
import { Secret, TOTP } from 'otpauth';

import { API_PATHS } from '../../../contract/api';
import { COUNTER_ENGINES, serverUnderAttack } from '../../../testing/server/abuse/abuseServer';
import {
  activatedAccount,
  bearer,
  OWNER_PASSWORD,
  uniqueEmail,
} from '../../../testing/server/abuse/accounts';
import { retryAfters, tally } from '../../../testing/server/abuse/attack';

/** Six-digit codes that are none of the secret's codes within a step of now. */
function wrongCodes(secret: string, count: number): string[] {
  const now = Date.now();
  const right = new Set(
    [-60_000, -30_000, 0, 30_000, 60_000].map((offset) =>
      TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: now + offset }),
    ),
  );
  const codes: string[] = [];
  for (let n = 0; codes.length < count; n += 1) {
    const code = String((n * 7919) % 1_000_000).padStart(6, '0');
    if (!right.has(code)) codes.push(code);
  }
  return codes;
}

describe.each(COUNTER_ENGINES)('second factor limits on %s', (_name, makeSetup) => {
  const attack = serverUnderAttack(makeSetup, { PASSWORD_HASH_QUEUE: '1000' });
  const { from } = attack;

  /** An account of the owner (address 1) with the second factor on: its email and secret. */
  async function protectedAccount(label: string) {
    const owner = from(1);
    const email = uniqueEmail(label);
    const token = await activatedAccount(owner, email);
    const started = await owner.post(
      API_PATHS.startSecondFactor,
      { password: OWNER_PASSWORD },
      bearer(token),
    );
    const secret = started.body.secret as string;
    const code = TOTP.generate({ secret: Secret.fromBase32(secret) });
    const confirmed = await owner.post(API_PATHS.confirmSecondFactor, { code }, bearer(token));
    expect(confirmed.status).toBe(200);
    return { email, secret, recoveryCodes: confirmed.body.recoveryCodes as string[] };
  }

  /** The ticket of the login's second step, the password typed from `address`. */
  async function ticketFrom(email: string, address: number): Promise<string> {
    const answer = await from(address).post(API_PATHS.login, { email, password: OWNER_PASSWORD });
    expect(answer.status).toBe(200);
    return answer.body.secondFactor.ticket as string;
  }

  it('gives 200 parallel wrong codes from one address exactly 5 checks', async () => {
    const { email, secret } = await protectedAccount('burst');
    const ticket = await ticketFrom(email, 2);
    const attacker = from(2);
    const answers = await Promise.all(
      wrongCodes(secret, 200).map((code) =>
        attacker.post(API_PATHS.loginSecondFactor, { ticket, code }),
      ),
    );
    expect(tally(answers)).toEqual({ 400: 5, 429: 195 });
    for (const seconds of retryAfters(answers)) {
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(15 * 60);
    }
  });

  it("gives many addresses 20 checks in all for one account's codes", async () => {
    const { email, secret } = await protectedAccount('spread-out');
    const ticket = await ticketFrom(email, 4);
    const codes = wrongCodes(secret, 40);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, a) => from(10 + a)).flatMap((client, a) =>
        codes
          .slice(a * 5, a * 5 + 5)
          .map((code) => client.post(API_PATHS.loginSecondFactor, { ticket, code })),
      ),
    );
    expect(tally(answers)).toEqual({ 400: 20, 429: 20 });
  });

  it('lets the owner in with a recovery code once strangers spent the account on wrong codes', async () => {
    const { email, secret, recoveryCodes } = await protectedAccount('locked-out');
    const ticket = await ticketFrom(email, 20);
    const codes = wrongCodes(secret, 20);
    const spent = await Promise.all(
      Array.from({ length: 4 }, (_, a) => from(20 + a)).flatMap((client, a) =>
        codes
          .slice(a * 5, a * 5 + 5)
          .map((code) => client.post(API_PATHS.loginSecondFactor, { ticket, code })),
      ),
    );
    expect(tally(spent)).toEqual({ 400: 20 });
    // The owner's right code is refused with the account's budget spent...
    const owner = from(1);
    const ownTicket = await ticketFrom(email, 1);
    const code = TOTP.generate({ secret: Secret.fromBase32(secret) });
    const typed = await owner.post(API_PATHS.loginSecondFactor, { ticket: ownTicket, code });
    expect(typed.status).toBe(429);
    // ...but a recovery code (80 random bits, as out of reach as a mailed link's token) is not
    // held by it: the owner is never locked out by strangers who know the password.
    const recovered = await owner.post(API_PATHS.loginSecondFactor, {
      ticket: ownTicket,
      recoveryCode: recoveryCodes[0],
    });
    expect(recovered.status).toBe(200);
    expect(typeof recovered.body.token).toBe('string');
  });

  it('gives one address 50 checks across many accounts', async () => {
    const accounts = [];
    for (let i = 0; i < 12; i += 1) accounts.push(await protectedAccount(`spread-${i}`));
    const tickets = await Promise.all(accounts.map(({ email }) => ticketFrom(email, 3)));
    const attacker = from(3);
    const answers = await Promise.all(
      accounts.flatMap(({ secret }, i) =>
        wrongCodes(secret, 5).map((code) =>
          attacker.post(API_PATHS.loginSecondFactor, { ticket: tickets[i], code }),
        ),
      ),
    );
    expect(tally(answers)).toEqual({ 400: 50, 429: 10 });
  });
});
