// Activation by code, and sending a fresh code.
import type { FastifyInstance } from 'fastify';

import {
  API_PATHS,
  type PlainOk,
  type ResendActivationBody,
  type VerifyAccountBody,
} from '../../contract/api';
import { normalizeEmail, validateActivation, validateResend } from '../../contract/rules';
import {
  activationCodeMatches,
  hashActivationCode,
  newActivationCode,
  newSalt,
} from '../auth/secrets';
import { sendError } from '../http/errors';
import { hasFieldErrors, stringsBody } from '../http/validation';
import { mailLanguage } from '../mail/language';
import { activationMail } from '../mail/messages';
import {
  activateWithSession,
  findPendingActivation,
  replaceActivationCode,
  takeActivationTry,
} from '../repo/activation-codes';
import { findUserByEmail, toPublicUser } from '../repo/users';
import { nowSeconds, type RouteDeps } from './deps';
import { newSession, sessionAnswer } from './session-answer';

export function registerActivationRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { config, db, mailer, limiters } = deps;

  app.post<{ Body: VerifyAccountBody }>(
    API_PATHS.verifyAccount,
    { schema: { body: stringsBody(['email', 'code']) } },
    async (request, reply) => {
      const fields = validateActivation(request.body);
      if (hasFieldErrors(fields)) return sendError(reply, 400, 'VALIDATION', fields);

      const pending = await findPendingActivation(db, normalizeEmail(request.body.email));
      if (!pending) return sendError(reply, 400, 'INVALID_CODE');
      if (!(await takeActivationTry(db, pending.id, config.activationMaxAttempts))) {
        return sendError(reply, 429, 'RATE_LIMITED');
      }
      const now = nowSeconds();
      const matches = activationCodeMatches(request.body.code, pending.salt, pending.code_hash);
      if (pending.expires_at <= now || !matches) return sendError(reply, 400, 'INVALID_CODE');

      const session = newSession(now, config.sessionTtlSeconds);
      const activated = await activateWithSession(db, pending, pending.code_hash, session, now);
      if (!activated) return sendError(reply, 400, 'INVALID_CODE');
      return sessionAnswer(session.token, toPublicUser(pending), session.expiresAt);
    },
  );

  app.post<{ Body: ResendActivationBody }>(
    API_PATHS.resendActivation,
    { schema: { body: stringsBody(['email']) } },
    async (request, reply) => {
      const fields = validateResend(request.body);
      if (hasFieldErrors(fields)) return sendError(reply, 400, 'VALIDATION', fields);
      if (!(await limiters.resendAllowed(request))) return sendError(reply, 429, 'RATE_LIMITED');

      const user = await findUserByEmail(db, normalizeEmail(request.body.email));
      if (user && user.activated_at === null) {
        const code = newActivationCode();
        const salt = newSalt();
        const expiresAt = nowSeconds() + config.activationCodeTtlSeconds;
        await replaceActivationCode(db, user.id, {
          codeHash: hashActivationCode(code, salt),
          salt,
          expiresAt,
        });
        const language = mailLanguage(request.headers['accept-language']);
        const minutes = Math.ceil(config.activationCodeTtlSeconds / 60);
        mailer.send({
          to: user.email,
          ...activationMail(language, user.name, code, minutes),
          code,
        });
      }
      const answer: PlainOk = { error: false };
      return reply.code(202).send(answer);
    },
  );
}
