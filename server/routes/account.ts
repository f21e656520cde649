// The signed-in user's own account: password and email changes, and deletion (its sessions are
// in sessions.ts). Every route here needs a live session (a bearer token); a wrong password
// counts against a limit per session and per client address, so a stolen session cannot guess
// its way to the password, nor lock the owner's other sessions out.
import { createHash } from 'node:crypto';

import type { FastifyReply, FastifyRequest } from 'fastify';

import type { EmailChangeOk, PlainOk } from '../../contract/api';
import { ROUTES } from '../../contract/routes';
import { normalizeEmail } from '../../contract/schemas';
import { emailChangeJob } from '../auth/mail-jobs';
import { isCommonPassword } from '../auth/passwords';
import { oneTimeCodeMatches, linkTokenMatches, newSalt } from '../auth/secrets';
import { sessionOf } from '../auth/session';
import { falseOnUniqueViolation } from '../db/unique';
import { defineRoutes } from '../http/endpoints';
import {
  accountDeletedMail,
  emailChangedMail,
  passwordChangedMail,
} from '../mail/account-messages';
import type { JobPayload } from '../mail/jobs';
import { mailLanguage } from '../mail/language';
import {
  dropAccountCode,
  endAccountCodes,
  findAccountCode,
  replaceAccountCode,
  useAccountCode,
} from '../repo/account-codes';
import { revokeOtherSessions } from '../repo/sessions';
import {
  deleteUser,
  findUserByEmail,
  findUserById,
  setEmail,
  setPasswordHash,
  toPublicUser,
} from '../repo/users';

/** The counter of wrong passwords per session. */
const PASSWORD_CHECKS = 'account-password-session';

const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

const accountRoutes = defineRoutes(async (app) => {
  const { config, db, clock } = app;
  // Keyed by the account and the session (`<user id>:<hash of the token's hash>`), so the
  // account's rows can be found when it is deleted; and per client address, across accounts.
  const passwordChecks = app.limits.counter(
    PASSWORD_CHECKS,
    config.rateLimits.loginFailuresMax,
    config.rateLimits.loginFailuresWindowSeconds,
  );
  const passwordChecksPerAddress = app.limits.counter(
    'account-password-address',
    config.rateLimits.loginFailuresPerAddressMax,
    config.rateLimits.loginFailuresWindowSeconds,
  );
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

  const userOf = (request: FastifyRequest) => findUserById(db, sessionOf(request).userId);

  /**
   * Checks the account's password, counting a wrong one against this session's limit and this
   * client address's (never the account's as a whole: a thief's wrong guesses would lock the
   * owner's other sessions out); answers the refusal itself and returns false when the password
   * is wrong or a limit is spent.
   */
  async function passwordHolds(
    request: FastifyRequest,
    reply: FastifyReply,
    passwordHash: string,
    password: string,
    field: 'password' | 'currentPassword',
  ): Promise<boolean> {
    const { userId, tokenHash } = sessionOf(request);
    const session = createHash('sha256').update(tokenHash).digest('base64url');
    const draws = [
      { counter: passwordChecks, key: `${userId}:${session}` },
      { counter: passwordChecksPerAddress, key: request.ip },
    ];
    if (!(await app.limits.take(reply, draws))) return false;
    if (await app.passwords.verify(passwordHash, password)) {
      await app.limits.refund(draws);
      return true;
    }
    reply.fail('VALIDATION', { [field]: 'INCORRECT' });
    return false;
  }

  const language = (request: FastifyRequest) => mailLanguage(request.headers['accept-language']);

  return {
    changePassword: async (request, reply) => {
      const { currentPassword, newPassword } = request.body;
      const user = await userOf(request);
      if (
        !(await passwordHolds(
          request,
          reply,
          user.password_hash,
          currentPassword,
          'currentPassword',
        ))
      ) {
        return reply;
      }
      if (isCommonPassword(newPassword)) {
        return reply.fail('VALIDATION', { newPassword: 'COMMON_PASSWORD' });
      }
      const passwordHash = await app.passwords.hash(newPassword);
      await db.transaction().execute(async (trx) => {
        await setPasswordHash(trx, user.id, passwordHash);
        await revokeOtherSessions(trx, user.id, sessionOf(request).tokenHash);
        // A reset or email-change code mailed before the change no longer works.
        await endAccountCodes(trx, user.id);
        const reset = app.link(ROUTES.resetPassword, { email: user.email });
        const notice = passwordChangedMail(language(request), user.name, reset);
        await app.mail.send(trx, { to: user.email, ...notice });
      });
      app.mail.kickAfter(reply);
      const answer: PlainOk = { error: false };
      return answer;
    },

    changeEmail: async (request, reply) => {
      const user = await userOf(request);
      const newEmail = normalizeEmail(request.body.newEmail);
      if (newEmail === user.email) return reply.fail('VALIDATION', { newEmail: 'SAME_EMAIL' });
      if (
        !(await passwordHolds(
          request,
          reply,
          user.password_hash,
          request.body.password,
          'password',
        ))
      ) {
        return reply;
      }
      const draws = [{ counter: changeEmailRequests, key: user.id }];
      if (!(await app.limits.take(reply, draws))) return reply;
      const job: JobPayload<typeof emailChangeJob> = {
        userId: user.id,
        newEmail,
        language: language(request),
        // Counted here, so the worker's transaction never waits on a counter.
        mayMail: [await app.limits.mayMail(newEmail), await app.limits.mayMail(user.email)],
      };
      await db.transaction().execute(async (trx) => {
        // The change is pending from now on, whether or not the address has an account (the
        // worker decides, and the answer must not tell): home shows it on every device. Until
        // the worker mails a code, the stored one matches nothing.
        const expiresAt = clock.nowSeconds() + config.activationCodeTtlSeconds;
        const unusable = { codeHash: '', salt: newSalt(), expiresAt };
        await replaceAccountCode(trx, user.id, 'email-change', unusable, newEmail);
        await app.mail.enqueue(trx, emailChangeJob, job);
      });
      app.mail.kickAfter(reply);
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
      await app.mail.enqueue(db, emailChangeJob, job);
      app.mail.kickAfter(reply);
      const answer: PlainOk = { error: false };
      return reply.code(202).send(answer);
    },

    cancelEmailChange: async (request) => {
      await dropAccountCode(db, sessionOf(request).userId, 'email-change');
      const answer: PlainOk = { error: false };
      return answer;
    },

    confirmEmailChange: async (request, reply) => {
      const user = await userOf(request);
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
        await revokeOtherSessions(trx, user.id, sessionOf(request).tokenHash);
        // A reset code mailed to the old address no longer works.
        await endAccountCodes(trx, user.id);
        const notice = emailChangedMail(language(request), user.name, newEmail);
        await app.mail.send(trx, { to: user.email, ...notice });
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

    deleteAccount: async (request, reply) => {
      const user = await userOf(request);
      if (
        !(await passwordHolds(
          request,
          reply,
          user.password_hash,
          request.body.password,
          'password',
        ))
      ) {
        return reply;
      }
      // Deleted, not flagged: every row of the user goes, in one transaction with the mail.
      await db.transaction().execute(async (trx) => {
        await deleteUser(trx, user.id);
        await app.mail.send(trx, {
          to: user.email,
          ...accountDeletedMail(language(request), user.name),
        });
      });
      // Its limiter rows go too: the addresses it signed in from, its code budgets, its sessions'
      // password checks.
      const own = { name: PASSWORD_CHECKS, keyPrefix: `${user.id}:` };
      await app.limits.forgetAccount(user, own);
      app.mail.kickAfter(reply);
      const answer: PlainOk = { error: false };
      return answer;
    },
  };
});

export default accountRoutes;
