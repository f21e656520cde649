import { randomUUID } from 'node:crypto';

import type { FastifyInstance } from 'fastify';

import { API_PATHS, type SignupBody, type SignupOk } from '../../contract/api';
import { normalizeEmail, validateSignup } from '../../contract/rules';
import { isCommonPassword } from '../auth/passwords';
import { hashActivationCode, newActivationCode, newSalt } from '../auth/secrets';
import { sendError } from '../http/errors';
import { signupRateLimit } from '../http/rate-limits';
import { hasFieldErrors, stringsBody } from '../http/validation';
import { mailLanguage } from '../mail/language';
import { activationMail, existingAccountMail } from '../mail/messages';
import { createAccount, findUserByEmail } from '../repo/users';
import { nowSeconds, type RouteDeps } from './deps';

export function registerSignupRoute(app: FastifyInstance, deps: RouteDeps): void {
  const { config, db, passwords, mailer } = deps;

  app.post<{ Body: SignupBody }>(
    API_PATHS.signup,
    {
      schema: { body: stringsBody(['name', 'email', 'password']) },
      config: { rateLimit: signupRateLimit(config.rateLimits) },
    },
    async (request, reply) => {
      const { body } = request;
      const fields = validateSignup(body);
      if (!fields.password && isCommonPassword(body.password)) fields.password = 'COMMON_PASSWORD';
      if (hasFieldErrors(fields)) return sendError(reply, 400, 'VALIDATION', fields);

      const email = normalizeEmail(body.email);
      const name = body.name.trim();
      const language = mailLanguage(request.headers['accept-language']);
      const code = newActivationCode();
      const salt = newSalt();
      const created = await createAccount(db, {
        user: {
          id: randomUUID(),
          email,
          name,
          password_hash: await passwords.hash(body.password),
          created_at: new Date().toISOString(),
        },
        code: {
          codeHash: hashActivationCode(code, salt),
          salt,
          expiresAt: nowSeconds() + config.activationCodeTtlSeconds,
        },
      });

      const minutes = Math.ceil(config.activationCodeTtlSeconds / 60);
      if (created) {
        mailer.send({ to: email, ...activationMail(language, name, code, minutes), code });
      } else {
        // Same answer as a new account; only the owner of the address learns of the attempt.
        const owner = await findUserByEmail(db, email);
        if (owner) mailer.send({ to: email, ...existingAccountMail(language, owner.name) });
      }
      const answer: SignupOk = { error: false, email };
      return reply.code(201).send(answer);
    },
  );
}
