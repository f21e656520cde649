import { normalizeEmail } from '../../contract/schemas';
import { openSession } from '../auth/session';
import { defineRoutes } from '../http/endpoints';
import { findUserByEmail } from '../repo/users';

const loginRoutes = defineRoutes(async (app) => {
  const { db, passwords } = app;

  return {
    login: async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      // Every check counts as a failure until it succeeds, so parallel guesses cannot overrun.
      const draws = await app.limits.login(request, email);
      if (!(await app.limits.take(reply, draws))) return reply;

      const { password } = request.body;
      const user = await findUserByEmail(db, email);
      // Shed before the check (every hashing slot busy), the try does not count: the error
      // handler gives its draws back (limits.shed).
      let passwordOk = false;
      if (user) passwordOk = await passwords.verify(user.password_hash, password);
      else await passwords.verifyNothing(password);
      if (!user || !passwordOk) return reply.fail('INVALID_CREDENTIALS');
      await app.limits.refund(draws);
      await app.limits.rememberAddress(request, email);
      if (user.activated_at === null) return reply.fail('ACCOUNT_NOT_ACTIVATED');

      // The password alone opens no session where a second factor is on: it gives the ticket the
      // second step takes.
      return db
        .transaction()
        .execute((trx) => openSession(trx, request, user, { askSecondFactor: true }));
    },
  };
});

export default loginRoutes;
