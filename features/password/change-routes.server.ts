// Changing the signed-in account's password (a live session and a confirmation, or the current
// password in the body, checked before the handler): the account's other sessions end, and codes
// mailed before the change stop working.
import type { PlainOk } from '../../contract/api';
import { endAccountCodes } from '../../server/auth/account-codes';
import { sessionOf } from '../../server/auth/session';
import { findUserById, setPasswordHash } from '../../server/auth/users';
import { defineRoutes } from '../../server/http/endpoints';
import { passwordChangedMail } from '../../server/mail/account-messages';
import { mailChangeNotice } from '../../server/mail/change-notice';

const passwordChangeRoutes = defineRoutes(async (app) => {
  const { db } = app;

  return {
    changePassword: async (request, reply) => {
      const { newPassword, currentPassword } = request.body;
      const user = await findUserById(db, sessionOf(request).userId);
      const weak = await app.passwords.weakness(newPassword, user);
      if (weak) return reply.fail('VALIDATION', { newPassword: weak });
      // The body's schema compares it with a current password it carries; a confirmed session's
      // sends none, and the stored one is compared instead.
      if (
        currentPassword === undefined &&
        (await app.passwords.verify(user.password_hash, newPassword))
      ) {
        return reply.fail('VALIDATION', { newPassword: 'SAME_PASSWORD' });
      }
      const passwordHash = await app.passwords.hash(newPassword);
      await db.transaction().execute(async (trx) => {
        await setPasswordHash(trx, user.id, passwordHash);
        await app.sessions.endAll(trx, user.id, sessionOf(request).tokenHash);
        // A reset or email-change code mailed before the change no longer works.
        await endAccountCodes(trx, user.id);
        await mailChangeNotice(trx, request, user, passwordChangedMail);
        await app.authEvents.accepted(trx, request);
      });
      app.mail.kickAfter(reply);
      const answer: PlainOk = { error: false };
      return answer;
    },
  };
});

export default passwordChangeRoutes;
