import { normalizeEmail } from '../../contract/schemas';
import { openSession } from '../../server/auth/session';
import { findUserByEmail } from '../../server/auth/users';
import { defineRoutes } from '../../server/http/endpoints';
import { pendingSignupFor } from '../../server/repo/pending-signups';

const loginRoutes = defineRoutes(async (app) => {
  const { db, passwords } = app;

  return {
    login: async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      // Every check counts as a failure until it succeeds, so parallel guesses cannot overrun.
      const draws = await app.limits.login(request, email);
      if (!(await app.limits.take(reply, draws))) return reply;

      // Two password checks for every answer but a session, whatever the email: the activated
      // account's password (or nothing), then the pending sign-up's (or nothing). A sign-up's
      // password answers ACCOUNT_NOT_ACTIVATED the moment its 201 has left, and the same way
      // whether or not the email already had an account. Shed before a check (every hashing slot
      // busy), the try does not count: the error handler gives its draws back (limits.giveBackAll).
      const { password } = request.body;
      const user = await findUserByEmail(db, email);
      const account = user?.activated_at === null ? undefined : user;
      if (account) {
        if (await passwords.verify(account.password_hash, password)) {
          await app.limits.succeeded(draws);
          await app.limits.signedIn(request);
          await app.limits.rememberAddress(request, email);
          // The password alone opens no session where a second factor is on: it gives the ticket
          // the second step takes.
          return db
            .transaction()
            .execute((trx) => openSession(trx, request, account, { askSecondFactor: true }));
        }
      } else {
        await passwords.verifyNothing(password);
      }
      const signup = await pendingSignupFor(db, email, app.authEvents.addressHash(request.ip));
      let signedUp = false;
      if (signup) signedUp = await passwords.verify(signup.password_hash, password);
      else await passwords.verifyNothing(password);
      if (!signedUp) return reply.fail('INVALID_CREDENTIALS');
      // Not remembered as the account's address: a stranger may have signed up with an email
      // that has an account.
      await app.limits.refund(draws);
      return reply.fail('ACCOUNT_NOT_ACTIVATED');
    },
  };
});

export default loginRoutes;
