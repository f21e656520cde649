// Code guessing: tries are counted per (code, address) and per email across codes, exactly under
// parallel requests; the mailed link gets the owner past what strangers spent; sign-ups and
// resends keep their limits.
import { API_PATHS } from '../../../contract/api';
import { COUNTER_ENGINES, serverUnderAttack } from '../../../testing/server/abuse/abuseServer';
import {
  OWNER_PASSWORD,
  pendingAccount,
  uniqueEmail,
  wrongCode,
} from '../../../testing/server/abuse/accounts';
import { retryAfters, tally } from '../../../testing/server/abuse/attack';
import type { AddressClient } from '../../../testing/server/abuse/fromAddress';

describe.each(COUNTER_ENGINES)('code, sign-up and resend limits on %s', (_name, makeSetup) => {
  // Sign-ups per address as low as a quiet site might set them: the burst below passes the limit.
  const attack = serverUnderAttack(makeSetup, { RATE_LIMIT_SIGNUP_MAX: '20' });
  const { from } = attack;

  const activate = (client: AddressClient, email: string, code: string) =>
    client.post(API_PATHS.verifyAccount, { email, code, password: OWNER_PASSWORD });

  it('gives 50 parallel guesses from one address 5 checks, and the owner still activates', async () => {
    const email = uniqueEmail('code-burst');
    const owner = from(1);
    const code = await pendingAccount(owner, email);
    const stranger = from(2);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => activate(stranger, email, wrongCode(code, i + 1))),
    );
    expect(tally(answers)).toEqual({ 400: 5, 429: 45 });
    expect(retryAfters(answers).every((s) => s > 0)).toBe(true);
    expect((await activate(owner, email, code)).status).toBe(200);
  });

  it("spends the email's budget after 20 wrong tries from all addresses; a resend does not refill it, the link gets through", async () => {
    const email = uniqueEmail('code-spread');
    const owner = from(3);
    const code = await pendingAccount(owner, email);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, a) => from(20 + a)).flatMap((client, a) =>
        Array.from({ length: 3 }, (_, i) =>
          activate(client, email, wrongCode(code, a * 3 + i + 1)),
        ),
      ),
    );
    expect(tally(answers)).toEqual({ 400: 20, 429: 10 });
    expect((await activate(owner, email, code)).status).toBe(429);
    expect((await owner.post(API_PATHS.resendActivation, { email })).status).toBe(202);
    const fresh = await owner.waitForMail(email, 2);
    expect((await activate(owner, email, fresh.code as string)).status).toBe(429);
    const linkToken = /[?&]token=([\w-]+)/.exec(fresh.text)?.[1];
    const viaLink = { email, code: fresh.code, password: OWNER_PASSWORD, linkToken };
    expect((await owner.post(API_PATHS.verifyAccount, viaLink)).status).toBe(200);
  });

  it('takes 20 sign-ups from one address per window, however parallel', async () => {
    const client = from(4);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        client.post(API_PATHS.signup, {
          name: 'Burst',
          email: uniqueEmail(`signup-${i}`),
          password: OWNER_PASSWORD,
        }),
      ),
    );
    expect(tally(answers)).toEqual({ 201: 20, 429: 20 });
    expect(retryAfters(answers).every((s) => s > 0 && s <= 600)).toBe(true);
  });

  it('sends one code per email per minute, however parallel', async () => {
    const email = uniqueEmail('resend');
    const owner = from(5);
    await pendingAccount(owner, email);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        from(40 + i).post(API_PATHS.resendActivation, { email }),
      ),
    );
    expect(tally(answers)).toEqual({ 202: 1, 429: 19 });
    expect(retryAfters(answers).every((s) => s > 0 && s <= 60)).toBe(true);
  });
});
