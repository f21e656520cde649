// Verify and logout: the two calls that read the session token. Verify takes the live session
// from the session hook (auth/session.ts), as every signed-in route does; logout ends it.
import type { PlainOk, VerifyOk } from '../../contract/api';
import { hashSessionToken } from '../auth/secrets';
import { bearerToken, sessionOf } from '../auth/session';
import { defineRoutes, type Handler } from '../http/endpoints';
import {
  cacheLiveSessions,
  flushSessionUses,
  recordSessionUse,
  revokeSession,
} from '../repo/sessions';
import { toPublicUser } from '../repo/users';

const sessionRoutes = defineRoutes(async (app) => {
  const { db, clock, config } = app;
  // Before the database closes (its own hook runs after the plugins').
  app.addHook('onClose', () => flushSessionUses(db));
  if (config.database.kind === 'postgres' && config.sessionCacheSize > 0) {
    app.addHook('onClose', await cacheLiveSessions(db, config.database, config.sessionCacheSize));
  }
  const verify: Handler<'verify'> = async (request) => {
    const session = sessionOf(request);
    // At most once an interval per session, written later with other uses: verify stays a read.
    recordSessionUse(
      db,
      { tokenHash: session.tokenHash, lastUsedAt: session.lastUsedAt, rowAt: session.rowAt },
      clock.nowSeconds(),
      config.sessionTouchIntervalSeconds,
    );
    const answer: VerifyOk = {
      error: false,
      user: toPublicUser(session.user),
      signature: { exp: session.expiresAt },
    };
    return answer;
  };

  const logout: Handler<'logout'> = async (request, reply) => {
    const token = bearerToken(request);
    const revoked = token
      ? await db.transaction().execute(async (trx) => {
          // Written first: the session's public id is read from its row.
          await app.authEvents.accepted(trx, request);
          return revokeSession(trx, hashSessionToken(token), clock.nowSeconds());
        })
      : false;
    if (!revoked) return reply.fail('INVALID_TOKEN');
    const answer: PlainOk = { error: false };
    return answer;
  };
  return {
    verify,
    logout,
  };
});

export default sessionRoutes;
