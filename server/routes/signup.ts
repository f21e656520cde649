// Sign-up. The request checks the fields, takes its limit, hashes the password and stores a job:
// the same work whatever the email, so neither the answer nor its timing tells whether the email
// has an account. The mail queue's worker then creates the account, or records a later sign-up
// for a pending one, or tells an existing account's owner, and mails the result.
import { randomUUID } from 'node:crypto';

import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

import { API_PATHS, type SignupOk } from '../../contract/api';
import { ROUTES } from '../../contract/routes';
import { normalizeEmail } from '../../contract/rules';
import { ErrorBody, SignupBody, SignupOk as SignupOkSchema } from '../../contract/schemas';
import { isCommonPassword } from '../auth/passwords';
import { newMailedCode } from '../auth/secrets';
import { withContract } from '../http/schemas';
import { mailLanguage, type MailLanguage } from '../mail/language';
import { activationMail, existingAccountMail, finishSignupMail } from '../mail/messages';
import type { MailMessage } from '../mail/queue';
import { replaceActivationCode } from '../repo/activation-codes';
import { addRegistration } from '../repo/registrations';
import { createAccount, findUserByEmail } from '../repo/users';

export const SIGNUP_JOB = 'signup';

interface SignupJob {
  name: string;
  email: string;
  passwordHash: string;
  language: MailLanguage;
  /** False once the address had its hour's or day's mail (absent in jobs stored before). */
  mayMail?: boolean;
}

/**
 * A fresh activation code, stored as its HMAC, and the mail that carries it; `choosePassword` for
 * a visitor who forgot the password chosen at sign-up (the link opens the new-password step).
 */
export function newActivationMail(
  app: FastifyInstance,
  to: { email: string; name: string; language: MailLanguage },
  choosePassword = false,
) {
  const { code, linkToken, salt, codeHash } = newMailedCode();
  const ttl = app.config.activationCodeTtlSeconds;
  const stored = { codeHash, salt, expiresAt: app.clock.nowSeconds() + ttl };
  const minutes = Math.ceil(ttl / 60);
  const query = {
    email: to.email,
    code,
    token: linkToken,
    ...(choosePassword ? { choose: '1' } : {}),
  };
  const link = app.link(ROUTES.activation, query);
  const content = choosePassword
    ? finishSignupMail(to.language, code, minutes, link)
    : activationMail(to.language, code, minutes, link);
  const message: MailMessage = { to: to.email, ...content, code };
  return { stored, message };
}

const signupRoutes: FastifyPluginAsync = async (instance) => {
  const app = withContract(instance);
  app.mail.handle(SIGNUP_JOB, async (trx, payload) => {
    const job = payload as unknown as SignupJob;
    // Over the address's mail cap nothing is mailed and the current code stays as it is.
    const mayMail = job.mayMail !== false;
    const { stored, message } = newActivationMail(app, job);
    const created = await createAccount(trx, {
      user: {
        id: randomUUID(),
        email: job.email,
        name: job.name,
        password_hash: job.passwordHash,
        created_at: new Date(app.clock.nowMs()).toISOString(),
      },
      code: stored,
    });
    if (created) return mayMail ? [message] : [];
    const existing = await findUserByEmail(trx, job.email);
    if (!existing) return [];
    if (existing.activated_at === null) {
      // Not activated yet: this sign-up keeps its own password, and only the holder of the
      // emailed code who also knows one of these passwords can activate.
      await addRegistration(trx, {
        id: randomUUID(),
        user_id: existing.id,
        name: job.name,
        password_hash: job.passwordHash,
        created_at: app.clock.nowMs(),
      });
      if (!mayMail) return [];
      await replaceActivationCode(trx, existing.id, stored);
      return [message];
    }
    if (!mayMail) return [];
    // Only the owner of the address learns of the attempt.
    const notice = existingAccountMail(job.language, app.link('/login'));
    return [{ to: job.email, ...notice }];
  });

  app.post(
    API_PATHS.signup,
    { schema: { body: SignupBody, response: { 201: SignupOkSchema, '4xx': ErrorBody } } },
    async (request, reply) => {
      const { body } = request;
      // The list is the server's alone: the app does not ship it.
      if (isCommonPassword(body.password)) {
        return reply.fail('VALIDATION', { password: 'COMMON_PASSWORD' });
      }
      if (!(await app.limits.take(reply, app.limits.signup(request)))) return reply;

      const email = normalizeEmail(body.email);
      const job: SignupJob = {
        name: body.name.trim(),
        email,
        passwordHash: await app.passwords.hash(body.password),
        language: mailLanguage(request.headers['accept-language']),
        // Counted here, whatever the email, so the worker's transaction never waits on a counter.
        mayMail: await app.limits.mayMail(email),
      };
      await app.mail.job(app.db, SIGNUP_JOB, { ...job });
      app.mail.kickAfter(reply);
      const answer: SignupOk = { error: false, email };
      return reply.code(201).send(answer);
    },
  );
};

export default signupRoutes;
