// A forgotten password: a code by mail, then a new password with it. The request stores a job
// whatever the email, so neither its answer nor its timing tells whether the email has an account;
// the worker mails a reset code to an activated account, the activation code with a way to choose a
// new password to a pending one, and nothing otherwise. The second factor stays on through a
// reset: an account that has it is answered the ticket of the login's second step, not a session.
import { createHash } from 'node:crypto';

import type { PlainOk } from '../../contract/api';
import { normalizeEmail } from '../../contract/schemas';
import { endAccountCodes, findAccountCode, useAccountCode } from '../../server/auth/account-codes';
import { passwordResetJob, storeJob } from '../../server/auth/mail-jobs';
import { oneTimeCodeMatches, linkTokenMatches } from '../../server/auth/secrets';
import { openSession } from '../../server/auth/session';
import { findUserByEmail, setPasswordHash } from '../../server/auth/users';
import { defineRoutes } from '../../server/http/endpoints';
import { noteFlowStart } from '../../server/http/request-facts';
import { passwordChangedMail } from '../../server/mail/account-messages';
import { mailChangeNotice } from '../../server/mail/change-notice';
import { mailLanguage } from '../../server/mail/language';

const passwordResetRoutes = defineRoutes(async (app) => {
  const { config, db } = app;
  // Once per email per window, like a resend of the activation code, and a bounded number per
  // client address across all emails.
  const requests = app.limits.counter('password-reset', 1, config.rateLimits.resendWindowSeconds);
  const requestsPerAddress = app.limits.counter(
    'password-reset-address',
    config.rateLimits.resetRequestsPerAddressMax,
    config.rateLimits.resetRequestsPerAddressWindowSeconds,
  );

  return {
    requestPasswordReset: async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      const key = createHash('sha256').update(email).digest('base64url');
      // The address first: a request refused there leaves the email's own limit untouched.
      const draws = [
        { counter: requestsPerAddress, key: request.ip },
        { counter: requests, key },
      ];
      if (!(await app.limits.take(reply, draws))) return reply;
      const job = {
        email,
        language: mailLanguage(request.headers['accept-language']),
        // Counted here, whatever the email, so the worker's transaction never waits on a counter.
        mayMail: await app.limits.mayMail(email),
        requestedAtMs: app.clock.nowMs(),
      };
      // One event whatever the email: the worker does the branch's work.
      await storeJob(request, reply, passwordResetJob, job);
      const answer: PlainOk = { error: false };
      return reply.code(202).send(answer);
    },

    resetPassword: async (request, reply) => {
      const { body } = request;
      const email = normalizeEmail(body.email);
      const user = await findUserByEmail(db, email);
      const stored = user ? await findAccountCode(db, user.id, 'password-reset') : undefined;
      // A typed code spends the email's reset budget, as for activation; the link's token does not.
      const guess = {
        kind: 'reset',
        target: email,
        codeId: stored?.salt ?? '',
      } as const;
      const viaLink = stored !== undefined && linkTokenMatches(body.linkToken, stored.salt);
      const draws = viaLink ? [] : app.limits.codeTry(request, guess);
      if (!(await app.limits.take(reply, draws))) return reply;
      const now = app.clock.nowSeconds();
      if (
        !user ||
        !stored ||
        stored.expires_at <= now ||
        !oneTimeCodeMatches(body.code, stored.salt, stored.code_hash)
      ) {
        return reply.fail('INVALID_CODE');
      }
      // Only the code's holder has its new password estimated (the account's name is part of the
      // check); a refused one leaves the code as it was, and the try was no wrong guess.
      const weak = await app.passwords.weakness(body.password, user);
      if (weak) {
        await app.limits.refund(draws);
        return reply.fail('VALIDATION', { password: weak });
      }

      const passwordHash = await app.passwords.hash(body.password);
      // The reset's event carries when its code was asked for.
      noteFlowStart(request, stored.requested_at === null ? null : Number(stored.requested_at));
      const answer = await db.transaction().execute(async (trx) => {
        if (!(await useAccountCode(trx, user.id, 'password-reset', stored.code_hash))) return false;
        await setPasswordHash(trx, user.id, passwordHash);
        // Whoever held the old password is signed out everywhere.
        await app.sessions.endAll(trx, user.id);
        // An email-change code asked for before the reset no longer works.
        await endAccountCodes(trx, user.id);
        await mailChangeNotice(trx, request, user, passwordChangedMail);
        // The second factor stays on: the new password signs in through the second step.
        return openSession(trx, request, user, { askSecondFactor: true });
      });
      if (!answer) return reply.fail('INVALID_CODE');
      app.mail.kickAfter(reply);
      await app.limits.codeSolved(guess, draws);
      // The mailed link's token is out of guessing's reach: its holder is the owner, and the
      // second factor's code budget that strangers who knew the password spent is whole again.
      // (A typed code can be guessed, 1 in 50,000: it leaves that budget as it is.)
      if (viaLink) {
        await app.limits.codeSolved({ kind: 'second-factor', target: user.id, codeId: '' }, []);
      }
      // The address's reset requests count those never used.
      await app.limits.giveBack({ counter: requestsPerAddress, key: request.ip });
      await app.limits.rememberAddress(request, email);
      return answer;
    },
  };
});

export default passwordResetRoutes;
