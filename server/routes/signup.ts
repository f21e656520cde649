// Sign-up. The request checks the fields, takes its limit, hashes the password and stores a job:
// the same work whatever the email, so neither the answer nor its timing tells whether the email
// has an account. The mail queue's worker then creates the account, or records a later sign-up
// for a pending one, or tells an existing account's owner, and mails the result.
import type { SignupOk } from '../../contract/api';
import { normalizeEmail } from '../../contract/schemas';
import { signupJob, storeJob } from '../auth/mail-jobs';
import { isCommonPassword } from '../auth/passwords';
import { defineRoutes } from '../http/endpoints';
import { mailLanguage } from '../mail/language';

const signupRoutes = defineRoutes(async (app) => {
  return {
    signup: async (request, reply) => {
      const { body } = request;
      // The list is the server's alone: the app does not ship it.
      if (isCommonPassword(body.password)) {
        return reply.fail('VALIDATION', { password: 'COMMON_PASSWORD' });
      }
      if (!(await app.limits.take(reply, app.limits.signup(request)))) return reply;

      const email = normalizeEmail(body.email);
      const job = {
        name: body.name.trim(),
        email,
        passwordHash: await app.passwords.hash(body.password),
        language: mailLanguage(request.headers['accept-language']),
        // Counted here, whatever the email, so the worker's transaction never waits on a counter.
        mayMail: await app.limits.mayMail(email),
      };
      // One event whatever the email: the worker does the branch's work.
      await storeJob(request, reply, signupJob, job);
      const answer: SignupOk = { error: false, email };
      return reply.code(201).send(answer);
    },
  };
});

export default signupRoutes;
