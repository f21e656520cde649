// A login waiting for its second step (a ticket: the password was right) ends with whatever ends
// the account's other sessions: a password change, a reset, "end other sessions", a confirmed
// email change. Before, a ticket taken with the old password still opened a session after the
// owner changed it. And a second factor's code budget, spent by whoever knows the password, is
// whole again after a reset through the mailed link (a token out of guessing's reach), not after
// one with a typed code (which can be guessed); on both engines, with a clock moved by 30-second
// steps.
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';

import { API_PATHS } from '../../../contract/api';
import {
  activatedAccount,
  bearer,
  secondFactorTurnedOn,
  uniqueEmail,
} from '../../../testing/server/abuse/accounts';
import type { ApiClient } from '../../../testing/server/client';
import { ENGINES, type Engine } from '../../../testing/server/engines';
import { injectedApp, type InjectedApp } from '../../../testing/server/injectedApp';
import type { Clock } from '../../plugins/resources';

const PASSWORD = 'a second step passphrase';
const NEW_PASSWORD = 'a brand new passphrase';
/** Wrong codes an account's second factor takes (CODE_GUESSES_PER_TARGET_MAX, as configured). */
const BUDGET = 5;

describe.each(ENGINES)('second steps on %s', (_name, engine: Engine) => {
  let running: InjectedApp | undefined;
  let app: FastifyInstance;
  let api: ApiClient;
  let nowMs = Date.now();
  const clock: Clock = { nowSeconds: () => Math.floor(nowMs / 1000), nowMs: () => nowMs };
  const nextStep = () => (nowMs += 30_000);

  beforeAll(async () => {
    running = await injectedApp(
      engine,
      {
        CODE_GUESSES_PER_TARGET_MAX: String(BUDGET),
        CODE_GUESSES_PER_ADDRESS_MAX: '1000',
        ACTIVATION_MAX_ATTEMPTS: '100',
        PASSWORD_HASH_QUEUE: '1000',
      },
      { clock },
    );
    ({ app, api } = running);
  });

  afterAll(() => running?.stop());

  /** An account with the second factor on; its mails so far, and a code of the current step. */
  async function withSecondFactor(label: string) {
    const email = uniqueEmail(label);
    const token = await activatedAccount(api, email, PASSWORD);
    const codeAt = (key: string) =>
      TOTP.generate({ secret: Secret.fromBase32(key), timestamp: nowMs });
    const { secret } = await secondFactorTurnedOn(api, token, codeAt, PASSWORD);
    const code = () => codeAt(secret);
    await app.mail.idle();
    let mails = (await api.mailsTo(email)).length;
    return {
      email,
      token,
      code,
      /** The next mail to the account's address. */
      nextMail: async () => {
        await app.mail.idle();
        mails += 1;
        return api.waitForMail(email, mails);
      },
    };
  }

  async function ticketOf(email: string, password = PASSWORD): Promise<string> {
    const answer = await api.post(API_PATHS.login, { email, password });
    expect(answer.status).toBe(200);
    return answer.body.secondFactor.ticket as string;
  }

  const secondStep = (ticket: string, code: string) =>
    api.post(API_PATHS.loginSecondFactor, { ticket, code });

  /** A reset of the account's password: typed, or through the mailed link. */
  async function reset(account: Awaited<ReturnType<typeof withSecondFactor>>, viaLink: boolean) {
    const { email } = account;
    expect((await api.post(API_PATHS.requestPasswordReset, { email })).status).toBe(202);
    const mail = await account.nextMail();
    const linkToken = /[?&]token=([\w-]+)/.exec(mail.link ?? mail.text)?.[1];
    const answer = await api.post(API_PATHS.resetPassword, {
      email,
      code: mail.code,
      password: NEW_PASSWORD,
      ...(viaLink ? { linkToken } : {}),
    });
    expect(answer.status).toBe(200);
    return answer.body.secondFactor.ticket as string;
  }

  it('ends a waiting second step when the password is changed', async () => {
    const account = await withSecondFactor('ticket-change');
    const ticket = await ticketOf(account.email);
    // With two-step sign-in on, the password confirms the change with a code beside it.
    nextStep();
    const changed = await api.post(
      API_PATHS.changePassword,
      { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, code: account.code() },
      bearer(account.token),
    );
    expect(changed.status).toBe(200);
    nextStep();
    const late = await secondStep(ticket, account.code());
    expect(late.status).toBe(401);
    expect(late.body.code).toBe('INVALID_TICKET');
  });

  it("ends a waiting second step when the password is reset; the reset's own ticket works", async () => {
    const account = await withSecondFactor('ticket-reset');
    const ticket = await ticketOf(account.email);
    const fresh = await reset(account, false);
    nextStep();
    expect((await secondStep(ticket, account.code())).status).toBe(401);
    expect((await secondStep(fresh, account.code())).status).toBe(200);
  });

  it('ends a waiting second step when the owner ends the other sessions', async () => {
    const account = await withSecondFactor('ticket-others');
    const ticket = await ticketOf(account.email);
    const ended = await api.post(API_PATHS.revokeOtherSessions, undefined, bearer(account.token));
    expect(ended.status).toBe(200);
    nextStep();
    expect((await secondStep(ticket, account.code())).status).toBe(401);
  });

  it('ends a waiting second step when a new email is confirmed', async () => {
    const account = await withSecondFactor('ticket-email');
    const ticket = await ticketOf(account.email);
    const newEmail = uniqueEmail('ticket-email-new');
    nextStep();
    const asked = await api.post(
      API_PATHS.changeEmail,
      { password: PASSWORD, newEmail, code: account.code() },
      bearer(account.token),
    );
    expect(asked.status).toBe(202);
    await app.mail.idle();
    const { code } = await api.waitForMail(newEmail, 1);
    const confirmed = await api.post(API_PATHS.confirmEmailChange, { code }, bearer(account.token));
    expect(confirmed.status).toBe(200);
    nextStep();
    expect((await secondStep(ticket, account.code())).status).toBe(401);
  });

  /** Strangers who know the password spend the account's code budget; the right code is refused. */
  async function spentBudget(label: string) {
    const account = await withSecondFactor(label);
    const ticket = await ticketOf(account.email);
    for (let i = 0; i <= BUDGET; i += 1) {
      const wrong = String((Number(account.code()) + 1 + i) % 1_000_000).padStart(6, '0');
      await secondStep(ticket, wrong);
    }
    nextStep();
    const refused = await secondStep(ticket, account.code());
    expect(refused.status).toBe(429);
    return account;
  }

  it('makes the code budget whole again with a reset through the mailed link', async () => {
    const account = await spentBudget('budget-link');
    const ticket = await reset(account, true);
    nextStep();
    expect((await secondStep(ticket, account.code())).status).toBe(200);
  });

  it('leaves the code budget spent after a reset with a typed code, which can be guessed', async () => {
    const account = await spentBudget('budget-typed');
    const ticket = await reset(account, false);
    nextStep();
    expect((await secondStep(ticket, account.code())).status).toBe(429);
  });
});
