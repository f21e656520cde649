// The second factor of the signed-in account (an authenticator app's codes, auth/second-factor.ts):
// setting it up (a confirmation, then a first code turns it on and answers the recovery codes
// once), its state, new recovery codes, turning it off (each after a confirmation: the endpoint
// table's `confirmation`, checked before the handler by auth/confirmation.ts); and a login's second
// step, which takes the login's ticket and a code or a recovery code and answers the session a
// login answers. Every code check takes its tries before the check (auth/second-factor-check.ts).
import type { PlainOk } from '../../contract/api';
import { endPendingLogin, findPendingLogin } from '../../server/auth/pending-logins';
import {
  decryptSecret,
  encryptSecret,
  newRecoveryCodes,
  newTotpSecret,
  otpauthOf,
} from '../../server/auth/second-factor';
import { secondFactorCodeAccepted as codeAccepted } from '../../server/auth/second-factor-check';
import {
  findSecondFactor,
  recoveryCodesLeft,
  removeSecondFactor,
  startSetup,
  storeRecoveryCodes,
  turnOn,
} from '../../server/auth/second-factor-queries';
import { openSession, sessionOf } from '../../server/auth/session';
import { findUserById } from '../../server/auth/users';
import { defineRoutes } from '../../server/http/endpoints';
import { recoveryCodeUsedMail, secondFactorChangedMail } from '../../server/mail/account-messages';
import { mailChangeNotice } from '../../server/mail/change-notice';

/** A setup's key is kept this long: a visitor who reloads meanwhile is given the same one. */
const SETUP_KEPT_SECONDS = 15 * 60;

const secondFactorRoutes = defineRoutes(async (app) => {
  const { config, db, clock } = app;

  /** The signed-in account, once its second factor is on; undefined when answered 404. */
  const withFactorOn = async (userId: string) => {
    const stored = await findSecondFactor(db, userId);
    if (!stored || stored.enabled_at === null) return undefined;
    return findUserById(db, userId);
  };

  return {
    secondFactor: async (request) => {
      const { userId } = sessionOf(request);
      const stored = await findSecondFactor(db, userId);
      const enabled = stored !== undefined && stored.enabled_at !== null;
      return {
        error: false as const,
        enabled,
        recoveryCodesLeft: enabled ? await recoveryCodesLeft(db, userId) : 0,
      };
    },

    startSecondFactor: async (request, reply) => {
      const user = await findUserById(db, sessionOf(request).userId);
      const fresh = newTotpSecret(config.mail.appName, user.email);
      const secret = await encryptSecret(app, user.id, fresh.secret);
      const now = clock.nowSeconds();
      const waiting = await db.transaction().execute(async (trx) => {
        // One that is on stays: it is turned off first, with a code. One started in the last
        // SETUP_KEPT_SECONDS stays too: the app the visitor set up after a reload has its key.
        const setup = await startSetup(trx, user.id, secret, now, now - SETUP_KEPT_SECONDS);
        if (setup) await app.authEvents.accepted(trx, request);
        return setup;
      });
      if (!waiting) return reply.fail('SECOND_FACTOR_ON');
      const kept = await decryptSecret(app, user.id, waiting.secret);
      return { error: false as const, ...otpauthOf(config.mail.appName, user.email, kept) };
    },

    confirmSecondFactor: async (request, reply) => {
      const user = await findUserById(db, sessionOf(request).userId);
      const stored = await findSecondFactor(db, user.id);
      if (!stored || stored.enabled_at !== null) return reply.fail('NOT_FOUND');
      const { code } = request.body;
      if (!(await codeAccepted(request, reply, user.id, code, { enabled: false, recovery: false })))
        return reply;
      const recoveryCodes = newRecoveryCodes();
      const enabled = await db.transaction().execute(async (trx) => {
        if (!(await turnOn(trx, user.id, clock.nowSeconds()))) return false;
        await storeRecoveryCodes(trx, user.id, recoveryCodes);
        await mailChangeNotice(trx, request, user, (language, name, link) =>
          secondFactorChangedMail(language, name, true, link),
        );
        await app.authEvents.accepted(trx, request);
        return true;
      });
      if (!enabled) return reply.fail('NOT_FOUND');
      app.mail.kickAfter(reply);
      return { error: false as const, recoveryCodes };
    },

    renewRecoveryCodes: async (request, reply) => {
      const user = await withFactorOn(sessionOf(request).userId);
      if (!user) return reply.fail('NOT_FOUND');
      const recoveryCodes = newRecoveryCodes();
      await db.transaction().execute(async (trx) => {
        await storeRecoveryCodes(trx, user.id, recoveryCodes);
        await app.authEvents.accepted(trx, request);
      });
      return { error: false as const, recoveryCodes };
    },

    disableSecondFactor: async (request, reply) => {
      const user = await withFactorOn(sessionOf(request).userId);
      if (!user) return reply.fail('NOT_FOUND');
      await db.transaction().execute(async (trx) => {
        await removeSecondFactor(trx, user.id);
        await mailChangeNotice(trx, request, user, (language, name, link) =>
          secondFactorChangedMail(language, name, false, link),
        );
        await app.authEvents.accepted(trx, request);
      });
      app.mail.kickAfter(reply);
      const answer: PlainOk = { error: false };
      return answer;
    },

    loginSecondFactor: async (request, reply) => {
      const { ticket, code, recoveryCode } = request.body;
      const now = clock.nowSeconds();
      const pending = await findPendingLogin(db, ticket, now);
      if (!pending) return reply.fail('INVALID_TICKET');
      const userId = pending.user_id;
      const typed = code ?? recoveryCode ?? '';
      const recovery = code === undefined;
      if (!(await codeAccepted(request, reply, userId, typed, { enabled: true, recovery })))
        return reply;
      const user = await findUserById(db, userId);
      const answer = await db.transaction().execute(async (trx) => {
        // Once: of two requests with the one token, one opens a session.
        if (!(await endPendingLogin(trx, pending.token_hash))) return undefined;
        // After a provider, the session says so; after a password, which second step it took.
        const openedBy = pending.opened_by ?? (recovery ? 'password+recovery' : 'password+totp');
        const session = await openSession(trx, request, user, { openedBy });
        if (recovery) {
          const left = await recoveryCodesLeft(trx, userId);
          await mailChangeNotice(trx, request, user, (language, notice, link) =>
            recoveryCodeUsedMail(language, notice, left, link),
          );
        }
        return session;
      });
      if (!answer) return reply.fail('INVALID_TICKET');
      app.mail.kickAfter(reply);
      return answer;
    },
  };
});

export default secondFactorRoutes;
