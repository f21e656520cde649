// Sign-up. The request checks the fields, takes its limit, hashes the password and stores, in one
// transaction, the pending sign-up a login finds and a job: the same work whatever the email, so
// neither the answer nor its timing tells whether the email has an account. Its 201 means the
// sign-up exists: a login with its password answers ACCOUNT_NOT_ACTIVATED at once. The mail
// queue's worker then creates the account, or records a later sign-up for a pending one, or tells
// an existing account's owner, and mails the result.
import { randomUUID } from 'node:crypto';

import { normalizeEmail } from '../../contract/schemas';
import { signupJob, storeJob } from '../../server/auth/mail-jobs';
import { defineRoutes } from '../../server/http/endpoints';
import { mailLanguage } from '../../server/mail/language';
import { addPendingSignup } from '../../server/repo/pending-signups';
import type { SignupOk } from './schemas';

const signupRoutes = defineRoutes(async (app) => {
  return {
    signup: async (request, reply) => {
      const { body } = request;
      if (!(await app.limits.take(reply, app.limits.signup(request)))) return reply;
      const email = normalizeEmail(body.email);
      // After the limit: the estimate costs a thread's milliseconds, and a refused password spends
      // its sign-up as any other.
      const weak = await app.passwords.weakness(body.password, { name: body.name, email });
      if (weak) return reply.fail('VALIDATION', { password: weak });

      const passwordHash = await app.passwords.hash(body.password);
      const job = {
        name: body.name.trim(),
        email,
        passwordHash,
        language: mailLanguage(request.headers['accept-language']),
        // Counted here, whatever the email, so the worker's transaction never waits on a counter.
        mayMail: await app.limits.mayMail(email),
      };
      const signup = {
        id: randomUUID(),
        email,
        password_hash: passwordHash,
        address_hash: app.authEvents.addressHash(request.ip),
        created_at: app.clock.nowMs(),
      };
      // One event whatever the email: the worker does the branch's work.
      await storeJob(request, reply, signupJob, job, (trx) => addPendingSignup(trx, signup));
      const answer: SignupOk = { error: false, email };
      return reply.code(201).send(answer);
    },
  };
});

export default signupRoutes;
