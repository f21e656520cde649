// Activation by code, and sending a fresh code.
import type { PlainOk } from '../../contract/api';
import { normalizeEmail } from '../../contract/schemas';
import { activateAccount, findPendingActivation } from '../../server/auth/activation-codes';
import { resendActivationJob, storeJob } from '../../server/auth/mail-jobs';
import { oneTimeCodeMatches, linkTokenMatches } from '../../server/auth/secrets';
import { openSession } from '../../server/auth/session';
import { defineRoutes } from '../../server/http/endpoints';
import { noteFlowStart } from '../../server/http/request-facts';
import { mailLanguage } from '../../server/mail/language';
import { firstSignupAt } from '../../server/repo/pending-signups';
import { findRegistrations } from '../../server/repo/registrations';

const activationRoutes = defineRoutes(async (app) => {
  const { db, passwords } = app;

  /** The sign-up (the first one or a later one) whose password this is, if any. */
  async function matchingSignup(
    pending: { id: string; name: string; password_hash: string },
    password: string,
  ) {
    if (await passwords.verify(pending.password_hash, password)) return pending;
    for (const later of await findRegistrations(db, pending.id)) {
      if (await passwords.verify(later.password_hash, password)) return later;
    }
    return undefined;
  }

  /** The name of the newest sign-up: the one the latest code answered. */
  async function newestName(pending: { id: string; name: string }) {
    const [newest] = await findRegistrations(db, pending.id);
    return newest?.name ?? pending.name;
  }

  /** A password chosen by the code's holder instead of one chosen at sign-up. */
  async function chosenWithCode(pending: { id: string; name: string }, newPassword: string) {
    return {
      name: await newestName(pending),
      password_hash: await passwords.hash(newPassword),
    };
  }

  return {
    verifyAccount: async (request, reply) => {
      const { body } = request;
      const email = normalizeEmail(body.email);
      const pending = await findPendingActivation(db, email);
      // A typed code spends the email's budget (and the address's, and the code's from this
      // address); an email without a code is counted the same way. The link's token comes only
      // with the mail, so its holder gets past whatever strangers spent.
      const guess = {
        kind: 'activation',
        target: email,
        codeId: pending?.salt ?? '',
      } as const;
      const viaLink = pending !== undefined && linkTokenMatches(body.linkToken, pending.salt);
      const draws = viaLink ? [] : app.limits.codeTry(request, guess);
      if (!(await app.limits.take(reply, draws))) return reply;
      if (!pending) return reply.fail('INVALID_CODE');
      const now = app.clock.nowSeconds();
      const matches = oneTimeCodeMatches(body.code, pending.salt, pending.code_hash);
      if (pending.expires_at <= now || !matches) return reply.fail('INVALID_CODE');
      // A right code is no failure: its points come back now, not after the password's check,
      // so that right codes in flight never hold up the others sent from the same address.
      await app.limits.succeeded(draws);
      // Only the code's holder gets this far: telling them the password is not one chosen at
      // sign-up tells a stranger nothing, and the code stays valid for a new password.
      if (body.newPassword !== undefined) {
        const name = await newestName(pending);
        const weak = await passwords.weakness(body.newPassword, { name, email });
        if (weak) {
          // The code stays as it was, and the try was no wrong guess.
          await app.limits.refund(draws);
          return reply.fail('VALIDATION', { newPassword: weak });
        }
      }
      const signup =
        body.newPassword === undefined
          ? await matchingSignup(pending, body.password ?? '')
          : await chosenWithCode(pending, body.newPassword);
      if (!signup) return reply.fail('PASSWORD_NOT_CHOSEN');

      const account = { ...pending, name: signup.name, password_hash: signup.password_hash };
      // The activation's event carries when its sign-up was made (the waiting sign-ups go with it).
      noteFlowStart(request, await firstSignupAt(db, email));
      const answer = await db.transaction().execute(async (trx) => {
        if (!(await activateAccount(trx, account, pending.code_hash, now))) return undefined;
        return openSession(trx, request, account);
      });
      if (!answer) return reply.fail('INVALID_CODE');
      await app.limits.codeSolved(guess, draws);
      // The address's sign-ups count those still waiting for their code.
      await app.limits.activated(request);
      await app.limits.rememberAddress(request, email);
      return answer;
    },

    resendActivation: async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      if (!(await app.limits.take(reply, app.limits.resend(email)))) return reply;

      const job = {
        email,
        language: mailLanguage(request.headers['accept-language']),
        // Counted here, whatever the email, so the worker's transaction never waits on a counter.
        mayMail: await app.limits.mayMail(email),
      };
      await storeJob(request, reply, resendActivationJob, job);
      const answer: PlainOk = { error: false };
      return reply.code(202).send(answer);
    },
  };
});

export default activationRoutes;
