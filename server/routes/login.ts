import type { FastifyInstance } from 'fastify';

import { API_PATHS, type LoginBody } from '../../contract/api';
import { normalizeEmail, validateLogin } from '../../contract/rules';
import { HashingOverloaded } from '../auth/passwords';
import { sendError } from '../http/errors';
import { hasFieldErrors, stringsBody } from '../http/validation';
import { createSession } from '../repo/sessions';
import { findUserByEmail, toPublicUser } from '../repo/users';
import { nowSeconds, type RouteDeps } from './deps';
import { newSession, sessionAnswer } from './session-answer';

export function registerLoginRoute(app: FastifyInstance, deps: RouteDeps): void {
  const { config, db, passwords } = deps;

  app.post<{ Body: LoginBody }>(
    API_PATHS.login,
    { schema: { body: stringsBody(['email', 'password']) } },
    async (request, reply) => {
      const fields = validateLogin(request.body);
      if (hasFieldErrors(fields)) return sendError(reply, 400, 'VALIDATION', fields);
      const email = normalizeEmail(request.body.email);
      // Every check counts as a failure until it succeeds, so parallel guesses cannot overrun.
      const draws = await app.limits.login(request, email);
      if (!(await app.limits.take(reply, draws))) return reply;

      const { password } = request.body;
      const user = await findUserByEmail(db, email);
      let passwordOk = false;
      try {
        if (user) passwordOk = await passwords.verify(user.password_hash, password);
        else await passwords.verifyNothing(password);
      } catch (error) {
        // Shed before any check: the try does not count.
        if (error instanceof HashingOverloaded) await app.limits.refund(draws);
        throw error;
      }
      if (!user || !passwordOk) return sendError(reply, 401, 'INVALID_CREDENTIALS');
      await app.limits.refund(draws);
      await app.limits.rememberAddress(request, email);
      if (user.activated_at === null) return sendError(reply, 403, 'ACCOUNT_NOT_ACTIVATED');

      const now = nowSeconds();
      const session = newSession(now, config.sessionTtlSeconds);
      await createSession(db, { ...session, userId: user.id, now });
      return sessionAnswer(session.token, toPublicUser(user), session.expiresAt);
    },
  );
}
