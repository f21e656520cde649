// Codes out-guessed at scale, and mail flooded: strangers on many addresses guess the codes of
// many accounts in parallel while rotating them (a new sign-up, a new reset request, a new
// change-email request), and ask for as much mail as they like. Wrong codes per target are
// capped across codes and addresses, only the link's token gets past a spent budget, and mail
// per recipient, change-email and reset requests are bounded.
import { API_PATHS } from '../../../contract/api';
import { ABUSE_ENGINES, serverUnderAttack } from '../../../testing/server/abuse/abuseServer';
import {
  activatedAccount,
  OWNER_PASSWORD,
  pendingAccount,
  uniqueEmail,
  wrongCode,
} from '../../../testing/server/abuse/accounts';
import { retryAfters, tally } from '../../../testing/server/abuse/attack';
import { AddressClient, visitorAddress } from '../../../testing/server/abuse/fromAddress';
import type { Answer } from '../../../testing/server/client';

/** Wrong codes one target takes, across codes and addresses, until a success. */
const TARGET_BUDGET = 20;
const ADDRESS_BUDGET = 50;
const ROUNDS = 3;
const ACCOUNTS = 4;
/** Ten addresses, three guesses each, per account and round: 30 tries of each code. */
const GUESSERS = 10;
const GUESSES_EACH = 3;
const ATTACKER_PASSWORD = 'the attacker chose this';

/**
 * Sends; while the answer is 429 (the email's one-a-second resend window is open), waits the
 * Retry-After it names and sends again: the window passing is what the test waits for.
 */
async function onceTheWindowAllows(send: () => Promise<Answer>): Promise<Answer> {
  for (;;) {
    const answer = await send();
    if (answer.status !== 429) return answer;
    const seconds = Number(answer.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  }
}

/** The `token` of the link in a mail. */
function linkToken(text: string): string {
  const match = /[?&]token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error('the mail has no link token');
  return match[1]!;
}

describe.each(ABUSE_ENGINES)('code budgets and mail bounds on %s', (_name, makeSetup) => {
  // Resends and reset requests once a second, so codes can be rotated within a test.
  const attack = serverUnderAttack(makeSetup, {
    RATE_LIMIT_RESEND_WINDOW_SECONDS: '1',
    RATE_LIMIT_RESET_REQUESTS_PER_ADDRESS_MAX: '20',
  });
  const { from } = attack;

  /** Every guesser sends its wrong guesses of `code` at once; the answers, in one list. */
  function guessAll(
    guessers: AddressClient[],
    code: string,
    send: (client: AddressClient, guess: string) => Promise<Answer>,
  ): Promise<Answer>[] {
    return guessers.flatMap((client, a) =>
      Array.from({ length: GUESSES_EACH }, (_, i) =>
        send(client, wrongCode(code, a * GUESSES_EACH + i + 1)),
      ),
    );
  }

  /**
   * ROUNDS rounds: `rotate` has a new code mailed to each email (the owner's client reads it),
   * then every guesser sends its wrong guesses of it to `path` at once. Returns how many guesses
   * were checked (answered 400) per email; every refusal says when to try again.
   */
  async function guessRounds(
    owner: AddressClient,
    emails: string[],
    guessers: AddressClient[],
    path: string,
    rotate: (email: string, round: number) => Promise<void>,
  ): Promise<Map<string, number>> {
    const checked = new Map(emails.map((email) => [email, 0]));
    for (let round = 0; round < ROUNDS; round++) {
      await Promise.all(
        emails.map(async (email) => {
          await rotate(email, round);
          const { code } = await owner.waitForMail(email, round + 2);
          const answers = await Promise.all(
            guessAll(guessers, code as string, (client, guess) =>
              client.post(path, { email, code: guess, password: ATTACKER_PASSWORD }),
            ),
          );
          expect(retryAfters(answers).every((s) => s > 0)).toBe(true);
          checked.set(email, checked.get(email)! + (tally(answers)[400] ?? 0));
        }),
      );
    }
    return checked;
  }

  it('holds activation codes rotated by sign-ups to 20 wrong guesses per email; the link still works', async () => {
    const owner = from(1);
    const rotators = [2, 3, 4].map(from);
    const guessers = Array.from({ length: GUESSERS }, (_, a) => from(10 + a));
    const emails = Array.from({ length: ACCOUNTS }, () => uniqueEmail('rotate-activation'));
    await Promise.all(emails.map((email) => pendingAccount(owner, email)));
    // A stranger's sign-up for the pending email replaces its code.
    const checked = await guessRounds(
      owner,
      emails,
      guessers,
      API_PATHS.verifyAccount,
      async (email, round) => {
        const rotate = await rotators[round]!.post(API_PATHS.signup, {
          name: 'Stranger',
          email,
          password: ATTACKER_PASSWORD,
        });
        expect(rotate.status).toBe(201);
      },
    );
    for (const email of emails) expect(checked.get(email)).toBe(TARGET_BUDGET);

    const email = emails[0]!;
    const mail = await owner.waitForMail(email, ROUNDS + 1);
    const typed = { email, code: mail.code, password: OWNER_PASSWORD };
    // The right code typed is refused once strangers spent the budget; the link gets through.
    expect((await owner.post(API_PATHS.verifyAccount, typed)).status).toBe(429);
    const viaLink = { ...typed, linkToken: linkToken(mail.text) };
    expect((await owner.post(API_PATHS.verifyAccount, viaLink)).status).toBe(200);
  });

  it('holds reset codes across many accounts to 20 wrong guesses per email, whatever the new requests', async () => {
    const owner = from(5);
    const requesters = [6, 7, 8].map(from);
    const guessers = Array.from({ length: GUESSERS }, (_, a) => from(30 + a));
    const emails = Array.from({ length: ACCOUNTS }, () => uniqueEmail('rotate-reset'));
    await Promise.all(emails.map((email) => activatedAccount(owner, email)));
    const checked = await guessRounds(
      owner,
      emails,
      guessers,
      API_PATHS.resetPassword,
      async (email, round) => {
        const ask = await onceTheWindowAllows(() =>
          requesters[round]!.post(API_PATHS.requestPasswordReset, { email }),
        );
        expect(ask.status).toBe(202);
      },
    );
    for (const email of emails) expect(checked.get(email)).toBe(TARGET_BUDGET);

    const email = emails[0]!;
    const mail = await owner.waitForMail(email, ROUNDS + 1);
    const typed = { email, code: mail.code, password: 'a new password of the owner' };
    expect((await owner.post(API_PATHS.resetPassword, typed)).status).toBe(429);
    const viaLink = { ...typed, linkToken: linkToken(mail.text) };
    expect((await owner.post(API_PATHS.resetPassword, viaLink)).status).toBe(200);
    // A success clears the budget: the next code can be typed again.
    const asked = await onceTheWindowAllows(() =>
      owner.post(API_PATHS.requestPasswordReset, { email }),
    );
    expect(asked.status).toBe(202);
    const next = await owner.waitForMail(email, ROUNDS + 3);
    const again = { email, code: next.code, password: 'another new password' };
    expect((await owner.post(API_PATHS.resetPassword, again)).status).toBe(200);
  });

  it('holds email-change codes re-issued by new requests to 20 wrong guesses per account', async () => {
    const owner = from(9);
    const guessers = Array.from({ length: GUESSERS }, (_, a) => from(50 + a));
    const email = uniqueEmail('rotate-change');
    const newEmail = uniqueEmail('unconfirmed');
    await activatedAccount(owner, email);
    const login = await owner.post(API_PATHS.login, { email, password: OWNER_PASSWORD });
    const bearer = { authorization: `Bearer ${login.body.token as string}` };
    let checked = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const ask = await owner.post(
        API_PATHS.changeEmail,
        { password: OWNER_PASSWORD, newEmail },
        bearer,
      );
      expect(ask.status).toBe(202);
      const { code } = await owner.waitForMail(newEmail, round + 1);
      const answers = await Promise.all(
        guessAll(guessers, code as string, (client, guess) =>
          client.post(API_PATHS.confirmEmailChange, { code: guess }, bearer),
        ),
      );
      expect(retryAfters(answers).every((s) => s > 0)).toBe(true);
      checked += tally(answers)[400] ?? 0;
    }
    expect(checked).toBe(TARGET_BUDGET);

    const mail = await owner.waitForMail(newEmail, ROUNDS);
    const typed = { code: mail.code };
    expect((await owner.post(API_PATHS.confirmEmailChange, typed, bearer)).status).toBe(429);
    const viaLink = { ...typed, linkToken: linkToken(mail.text) };
    const confirmed = await owner.post(API_PATHS.confirmEmailChange, viaLink, bearer);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.user.email).toBe(newEmail);
  });

  it('checks at most 50 wrong codes per client address per hour across all emails', async () => {
    const client = from(70);
    const answers = await Promise.all(
      Array.from({ length: ADDRESS_BUDGET + 10 }, (_, i) =>
        client.post(API_PATHS.verifyAccount, {
          email: uniqueEmail(`spread-${i}`),
          code: '123456',
          password: ATTACKER_PASSWORD,
        }),
      ),
    );
    expect(tally(answers)).toEqual({ 400: ADDRESS_BUDGET, 429: 10 });
    expect(retryAfters(answers).every((s) => s > 0 && s <= 3600)).toBe(true);
  });

  it('sends one address at most 5 mails an hour, however many sign-ups ask', async () => {
    const owner = from(80);
    const email = uniqueEmail('flooded');
    await pendingAccount(owner, email);
    const answers = await Promise.all(
      Array.from({ length: 11 }, (_, i) =>
        from(81 + i).post(API_PATHS.signup, { name: 'Flood', email, password: ATTACKER_PASSWORD }),
      ),
    );
    expect(tally(answers)).toEqual({ 201: 11 });
    await owner.waitForMail(email, 5);
    // Every stored job has run: no sixth mail is on its way.
    await attack.server.app.mail.idle();
    expect((await owner.mailsTo(email)).length).toBe(5);
  });

  it('sends one address at most 20 mails a day (here 3), across sign-ups and resends', async () => {
    // A second process on the same database and counters, with a day's cap of 3.
    const strict = await attack.setup.start({
      MAIL_PER_RECIPIENT_HOUR_MAX: '100',
      MAIL_PER_RECIPIENT_DAY_MAX: '3',
      RATE_LIMIT_RESEND_WINDOW_SECONDS: '1',
    });
    try {
      const client = new AddressClient(strict.url, visitorAddress(95));
      const email = uniqueEmail('daily');
      await pendingAccount(client, email);
      for (let i = 0; i < 4; i++) {
        const resend = () => client.post(API_PATHS.resendActivation, { email });
        expect((await onceTheWindowAllows(resend)).status).toBe(202);
      }
      await client.waitForMail(email, 3);
      await strict.app.mail.idle();
      expect((await client.mailsTo(email)).length).toBe(3);
      client.close();
    } finally {
      await strict.close();
    }
  });

  it('takes 5 change-email requests per account per hour', async () => {
    const owner = from(100);
    const email = uniqueEmail('change-cap');
    await activatedAccount(owner, email);
    const login = await owner.post(API_PATHS.login, { email, password: OWNER_PASSWORD });
    const bearer = { authorization: `Bearer ${login.body.token as string}` };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        owner.post(
          API_PATHS.changeEmail,
          { password: OWNER_PASSWORD, newEmail: uniqueEmail('elsewhere') },
          bearer,
        ),
      ),
    );
    expect(tally(answers)).toEqual({ 202: 5, 429: 3 });
    expect(retryAfters(answers).every((s) => s > 0 && s <= 3600)).toBe(true);
  });

  it('takes 20 password-reset requests per client address per hour', async () => {
    const client = from(110);
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        client.post(API_PATHS.requestPasswordReset, { email: uniqueEmail(`reset-ask-${i}`) }),
      ),
    );
    expect(tally(answers)).toEqual({ 202: 20, 429: 5 });
  });

  it("puts no stranger's words in mail to an address that has confirmed nothing", async () => {
    const words = 'Visit https://spam.example today';
    const client = from(120);
    // Activation mail: the name is whatever the sign-up typed.
    const pending = uniqueEmail('fixed-activation');
    await client.post(API_PATHS.signup, { name: words, email: pending, password: OWNER_PASSWORD });
    const activation = await client.waitForMail(pending, 1);
    expect(`${activation.subject}\n${activation.text}`).not.toContain('spam.example');
    // The notice to an existing account's address (which confirmed it) greets the account's own
    // name, never the one the sign-up typed.
    const existing = uniqueEmail('fixed-notice');
    await activatedAccount(client, existing);
    const again = await client.post(API_PATHS.signup, {
      name: words,
      email: existing,
      password: 'a stranger chose this one',
    });
    expect(again.status).toBe(201);
    const notice = await client.waitForMail(existing, 2);
    expect(notice.text).not.toContain('spam.example');
    expect(notice.text).toContain('Owner');
    // The code mail of an email change, to an address nobody confirmed.
    const account = uniqueEmail('fixed-change');
    await client.post(API_PATHS.signup, { name: words, email: account, password: OWNER_PASSWORD });
    const { code } = await client.waitForMail(account, 1);
    const activated = await client.post(API_PATHS.verifyAccount, {
      email: account,
      code,
      password: OWNER_PASSWORD,
    });
    const bearer = { authorization: `Bearer ${activated.body.token as string}` };
    const target = uniqueEmail('fixed-target');
    await client.post(
      API_PATHS.changeEmail,
      { password: OWNER_PASSWORD, newEmail: target },
      bearer,
    );
    const change = await client.waitForMail(target, 1);
    expect(`${change.subject}\n${change.text}`).not.toContain('spam.example');
  });

  it('keeps a spent budget across a restart', async () => {
    const owner = from(130);
    const guessers = Array.from({ length: 5 }, (_, a) => from(140 + a));
    const email = uniqueEmail('restart');
    const code = await pendingAccount(owner, email);
    const answers = await Promise.all(
      guessers.flatMap((client, a) =>
        Array.from({ length: 5 }, (_, i) =>
          client.post(API_PATHS.verifyAccount, {
            email,
            code: wrongCode(code, a * 5 + i + 1),
            password: OWNER_PASSWORD,
          }),
        ),
      ),
    );
    expect(tally(answers)).toEqual({ 400: TARGET_BUDGET, 429: 5 });
    await attack.restart({ RATE_LIMIT_RESEND_WINDOW_SECONDS: '1' });
    const after = from(130);
    const typed = { email, code, password: OWNER_PASSWORD };
    expect((await after.post(API_PATHS.verifyAccount, typed)).status).toBe(429);
  });
});
