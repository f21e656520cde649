// Changing the signed-in account's email: a request (after a confirmation, or with the password in
// its body) mails a code to the new address, the change stays pending on every device until the
// code or the mailed link confirms it, and can be resent or cancelled. Every route needs a live
// session.
import type { PlainOk } from '../../contract/api';
import { normalizeEmail } from '../../contract/schemas';
import {
  dropAccountCode,
  endAccountCodes,
  findAccountCode,
  replaceAccountCode,
  useAccountCode,
} from '../../server/auth/account-codes';
import { emailChangeJob, storeJob } from '../../server/auth/mail-jobs';
import { linkTokenMatches, newSalt, oneTimeCodeMatches } from '../../server/auth/secrets';
import { sessionOf } from '../../server/auth/session';
import { findUserByEmail, findUserById, setEmail, toPublicUser } from '../../server/auth/users';
import { falseOnUniqueViolation } from '../../server/db/unique';
import { defineRoutes } from '../../server/http/endpoints';
import { emailChangedMail } from '../../server/mail/account-messages';
import type { JobPayload } from '../../server/mail/jobs';
import { mailLanguage } from '../../server/mail/language';
import { noticeValues, originOf } from '../../server/mail/notice';
import type { EmailChangeOk } from './schemas';

const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

const emailChangeRoutes = defineRoutes(async (app) => {
  const { config, db, clock } = app;
  // Each request mails a code to an address of the account's choosing: bounded per account.
  const changeEmailRequests = app.limits.counter(
    'change-email',
    config.rateLimits.changeEmailMax,
    config.rateLimits.changeEmailWindowSeconds,
  );
  // A new code for the pending change, as often as an activation code.
  const emailChangeResends = app.limits.counter(
    'email-change-resend',
    1,
    config.rateLimits.resendWindowSeconds,
  );
  const language = (request: { headers: { 'accept-language'?: string } }) =>
    mailLanguage(request.headers['accept-language']);

  return {
    changeEmail: async (request, reply) => {
      const user = await findUserById(db, sessionOf(request).userId);
      const newEmail = normalizeEmail(request.body.newEmail);
      if (newEmail === user.email) return reply.fail('VALIDATION', { newEmail: 'SAME_EMAIL' });
      const draws = [{ counter: changeEmailRequests, key: user.id }];
      if (!(await app.limits.take(reply, draws))) return reply;
      const job: JobPayload<typeof emailChangeJob> = {
        userId: user.id,
        newEmail,
        language: language(request),
        // Counted here, so the worker's transaction never waits on a counter.
        mayMail: [await app.limits.mayMail(newEmail), await app.limits.mayMail(user.email)],
        origin: originOf(request),
      };
      await storeJob(request, reply, emailChangeJob, job, async (trx) => {
        // The change is pending from now on, whether or not the address has an account (the
        // worker decides, and the answer must not tell): home shows it on every device. Until
        // the worker mails a code, the stored one matches nothing.
        const expiresAt = clock.nowSeconds() + config.activationCodeTtlSeconds;
        const unusable = { codeHash: '', salt: newSalt(), expiresAt };
        await replaceAccountCode(trx, user.id, 'email-change', unusable, newEmail);
      });
      const answer: PlainOk = { error: false };
      return reply.code(202).send(answer);
    },

    emailChange: async (request) => {
      const pending = await findAccountCode(db, sessionOf(request).userId, 'email-change');
      const answer: EmailChangeOk = {
        error: false,
        pending: pending?.new_email
          ? { newEmail: pending.new_email, expiresAt: iso(pending.expires_at) }
          : null,
      };
      return answer;
    },

    resendEmailChange: async (request, reply) => {
      const { userId } = sessionOf(request);
      const pending = await findAccountCode(db, userId, 'email-change');
      const newEmail = pending?.new_email;
      if (!newEmail) return reply.fail('NOT_FOUND');
      if (!(await app.limits.take(reply, [{ counter: emailChangeResends, key: userId }]))) {
        return reply;
      }
      const job: JobPayload<typeof emailChangeJob> = {
        userId,
        newEmail,
        language: language(request),
        mayMail: [await app.limits.mayMail(newEmail), false],
        resend: true,
      };
      await storeJob(request, reply, emailChangeJob, job);
      const answer: PlainOk = { error: false };
      return reply.code(202).send(answer);
    },

    cancelEmailChange: async (request) => {
      await db.transaction().execute(async (trx) => {
        await dropAccountCode(trx, sessionOf(request).userId, 'email-change');
        await app.authEvents.accepted(trx, request);
      });
      const answer: PlainOk = { error: false };
      return answer;
    },

    confirmEmailChange: async (request, reply) => {
      const user = await findUserById(db, sessionOf(request).userId);
      const stored = await findAccountCode(db, user.id, 'email-change');
      // A typed code spends the account's budget; the link's token does not.
      const guess = {
        kind: 'email-change',
        target: user.id,
        codeId: stored?.salt ?? '',
      } as const;
      const viaLink = stored !== undefined && linkTokenMatches(request.body.linkToken, stored.salt);
      const draws = viaLink ? [] : app.limits.codeTry(request, guess);
      if (!(await app.limits.take(reply, draws))) return reply;
      const now = clock.nowSeconds();
      const newEmail = stored?.new_email;
      if (
        !stored ||
        !newEmail ||
        stored.expires_at <= now ||
        !oneTimeCodeMatches(request.body.code, stored.salt, stored.code_hash)
      ) {
        return reply.fail('INVALID_CODE');
      }
      const change = db.transaction().execute(async (trx) => {
        if (!(await useAccountCode(trx, user.id, 'email-change', stored.code_hash))) return false;
        // Taken since the code was sent: the change does not happen.
        if (await findUserByEmail(trx, newEmail)) return false;
        await setEmail(trx, user.id, newEmail);
        await app.sessions.endAll(trx, user.id, sessionOf(request).tokenHash);
        // A reset code mailed to the old address no longer works.
        await endAccountCodes(trx, user.id);
        const spoken = language(request);
        const notice = emailChangedMail(
          spoken,
          noticeValues(spoken, user.name, originOf(request)),
          newEmail,
          config.mail.supportContact,
        );
        await app.mail.send(trx, { to: user.email, ...notice });
        await app.authEvents.accepted(trx, request);
        return true;
      });
      const changed = await change.catch(falseOnUniqueViolation);
      // Taken before, or by another account confirming the same address at the same moment (the
      // unique index decides): the same answer either way.
      if (!changed) return reply.fail('INVALID_CODE');
      app.mail.kickAfter(reply);
      await app.limits.codeSolved(guess, draws);
      return {
        error: false as const,
        user: toPublicUser({ ...user, email: newEmail }),
      };
    },
  };
});

export default emailChangeRoutes;
