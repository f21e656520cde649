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
} from '../repo/activation-codes';
import { findRegistrations } from '../repo/registrations';
import { findUserByEmail, toPublicUser } from '../repo/users';
import { nowSeconds, type RouteDeps } from './deps';
import { newSession, sessionAnswer } from './session-answer';

export function registerActivationRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { config, db, mailer, passwords } = deps;

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

  app.post<{ Body: VerifyAccountBody }>(
    API_PATHS.verifyAccount,
    { schema: { body: stringsBody(['email', 'code', 'password']) } },
    async (request, reply) => {
      const fields = validateActivation(request.body);
      if (hasFieldErrors(fields)) return sendError(reply, 400, 'VALIDATION', fields);

      const email = normalizeEmail(request.body.email);
      const pending = await findPendingActivation(db, email);
      // Tries are counted per code and per (code, address), so a stranger's wrong codes do not
      // use up the owner's; an email without a code is counted the same way.
      const draws = app.limits.codeTry(request, email, pending?.salt ?? '');
      if (!(await app.limits.take(reply, draws))) return reply;
      if (!pending) return sendError(reply, 400, 'INVALID_CODE');
      const now = nowSeconds();
      const matches = activationCodeMatches(request.body.code, pending.salt, pending.code_hash);
      if (pending.expires_at <= now || !matches) return sendError(reply, 400, 'INVALID_CODE');
      // One answer for a wrong code and a wrong password: neither tells the other apart.
      const signup = await matchingSignup(pending, request.body.password);
      if (!signup) return sendError(reply, 400, 'INVALID_CODE');

      const session = newSession(now, config.sessionTtlSeconds);
      const account = { id: pending.id, name: signup.name, password_hash: signup.password_hash };
      const activated = await activateWithSession(db, account, pending.code_hash, session, now);
      if (!activated) return sendError(reply, 400, 'INVALID_CODE');
      await app.limits.rememberAddress(request, email);
      const user = toPublicUser({ ...pending, name: signup.name });
      return sessionAnswer(session.token, user, session.expiresAt);
    },
  );

  app.post<{ Body: ResendActivationBody }>(
    API_PATHS.resendActivation,
    { schema: { body: stringsBody(['email']) } },
    async (request, reply) => {
      const fields = validateResend(request.body);
      if (hasFieldErrors(fields)) return sendError(reply, 400, 'VALIDATION', fields);
      const email = normalizeEmail(request.body.email);
      if (!(await app.limits.take(reply, app.limits.resend(email)))) return reply;

      const user = await findUserByEmail(db, email);
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
