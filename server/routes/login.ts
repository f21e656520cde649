import { normalizeEmail } from '../../contract/schemas';
import { HashingOverloaded } from '../auth/passwords';
import { newSession, sessionAnswer } from '../auth/session';
import { defineRoutes } from '../http/endpoints';
import { createPendingLogin, secondFactorOn } from '../repo/second-factors';
import { createSession } from '../repo/sessions';
import { findUserByEmail, toPublicUser } from '../repo/users';

const loginRoutes = defineRoutes(async (app) => {
  const { config, db, passwords } = app;

  return {
    login: async (request, reply) => {
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
      if (!user || !passwordOk) return reply.fail('INVALID_CREDENTIALS');
      await app.limits.refund(draws);
      await app.limits.rememberAddress(request, email);
      if (user.activated_at === null) return reply.fail('ACCOUNT_NOT_ACTIVATED');

      const now = app.clock.nowSeconds();
      // The password alone opens no session: the second step takes the pending login's token.
      if (await secondFactorOn(db, user.id)) {
        return db.transaction().execute(async (trx) => {
          const answer = await createPendingLogin(trx, user.id, now);
          await app.authEvents.accepted(trx, request, { userId: user.id });
          return answer;
        });
      }
      const session = newSession(now, config.sessionTtlSeconds, request);
      await db.transaction().execute(async (trx) => {
        await createSession(trx, { ...session, userId: user.id, now });
        await app.authEvents.accepted(trx, request, { userId: user.id, sessionId: session.id });
      });
      return sessionAnswer(session.token, toPublicUser(user), session.expiresAt);
    },
  };
});

export default loginRoutes;
