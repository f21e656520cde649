import { randomUUID } from 'node:crypto';

import type { FastifyInstance } from 'fastify';

import { API_PATHS, type SignupBody, type SignupOk } from '../../contract/api';
import { normalizeEmail, validateSignup } from '../../contract/rules';
import { isCommonPassword } from '../auth/passwords';
import { hashActivationCode, newActivationCode, newSalt } from '../auth/secrets';
import { sendError } from '../http/errors';
import { hasFieldErrors, stringsBody } from '../http/validation';
import { mailLanguage } from '../mail/language';
import { activationMail, existingAccountMail } from '../mail/messages';
import { replaceActivationCode } from '../repo/activation-codes';
import { addRegistration } from '../repo/registrations';
import { createAccount, findUserByEmail } from '../repo/users';
import { nowSeconds, type RouteDeps } from './deps';

export function registerSignupRoute(app: FastifyInstance, deps: RouteDeps): void {
  const { config, db, passwords, mailer } = deps;

  app.post<{ Body: SignupBody }>(
    API_PATHS.signup,
    {
      schema: { body: stringsBody(['name', 'email', 'password']) },
    },
    async (request, reply) => {
      const { body } = request;
      const fields = validateSignup(body);
      if (!fields.password && isCommonPassword(body.password)) fields.password = 'COMMON_PASSWORD';
      if (hasFieldErrors(fields)) return sendError(reply, 400, 'VALIDATION', fields);
      if (!(await app.limits.take(reply, app.limits.signup(request)))) return reply;

      const email = normalizeEmail(body.email);
      const name = body.name.trim();
      const language = mailLanguage(request.headers['accept-language']);
      const code = newActivationCode();
      const salt = newSalt();
      const storedCode = {
        codeHash: hashActivationCode(code, salt),
        salt,
        expiresAt: nowSeconds() + config.activationCodeTtlSeconds,
      };
      const passwordHash = await passwords.hash(body.password);
      const created = await createAccount(db, {
        user: {
          id: randomUUID(),
          email,
          name,
          password_hash: passwordHash,
          created_at: new Date().toISOString(),
        },
        code: storedCode,
      });

      const minutes = Math.ceil(config.activationCodeTtlSeconds / 60);
      const existing = created ? undefined : await findUserByEmail(db, email);
      if (created) {
        mailer.send({ to: email, ...activationMail(language, name, code, minutes), code });
      } else if (existing && existing.activated_at === null) {
        // Not activated yet: this sign-up keeps its own password, and only the holder of the
        // emailed code who also knows one of these passwords can activate.
        const registration = {
          id: randomUUID(),
          user_id: existing.id,
          name,
          password_hash: passwordHash,
          created_at: Date.now(),
        };
        await addRegistration(db, registration);
        await replaceActivationCode(db, existing.id, storedCode);
        mailer.send({ to: email, ...activationMail(language, name, code, minutes), code });
      } else if (existing) {
        // Same answer as a new account; only the owner of the address learns of the attempt.
        mailer.send({ to: email, ...existingAccountMail(language, existing.name) });
      }
      const answer: SignupOk = { error: false, email };
      return reply.code(201).send(answer);
    },
  );
}
