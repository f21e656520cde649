// Deleting the signed-in account (a live session and a confirmation, or the password and, where
// two-step sign-in is on, a code in the body, checked before the handler): every row of the user
// goes, in one transaction with the notice mail, and so do its limiter rows.
import type { PlainOk } from '../../contract/api';
import { sessionOf } from '../../server/auth/session';
import { deleteUser, findUserById } from '../../server/auth/users';
import { defineRoutes } from '../../server/http/endpoints';
import { accountDeletedMail } from '../../server/mail/account-messages';
import { mailLanguage } from '../../server/mail/language';
import { noticeValues, originOf } from '../../server/mail/notice';

const accountDeletionRoutes = defineRoutes(async (app) => {
  const { db } = app;

  return {
    deleteAccount: async (request, reply) => {
      const user = await findUserById(db, sessionOf(request).userId);
      // Deleted, not flagged: every row of the user goes, in one transaction with the mail.
      await db.transaction().execute(async (trx) => {
        await deleteUser(trx, user.id, app.authEvents.emailHash);
        // Its events went with it: this one names no account.
        await app.authEvents.accepted(trx, request, { userId: null, sessionId: null });
        const language = mailLanguage(request.headers['accept-language']);
        await app.mail.send(trx, {
          to: user.email,
          ...accountDeletedMail(language, noticeValues(language, user.name, originOf(request))),
        });
      });
      // Its limiter rows go too: the addresses it signed in from, its code budgets, its sessions'
      // password checks.
      await app.limits.forgetAccount(user);
      app.mail.kickAfter(reply);
      const answer: PlainOk = { error: false };
      return answer;
    },
  };
});

export default accountDeletionRoutes;
