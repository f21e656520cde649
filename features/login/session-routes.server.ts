// Verify and logout: the two calls that read the session token. Verify takes the live session
// from the session hook (auth/session.ts), as every signed-in route does; logout ends it.
import type { PlainOk } from '../../contract/api';
import { hashSessionToken } from '../../server/auth/secrets';
import { bearerToken, sessionOf } from '../../server/auth/session';
import { toPublicUser } from '../../server/auth/users';
import { defineRoutes, type Handler } from '../../server/http/endpoints';
import type { VerifyOk } from './schemas';

const sessionRoutes = defineRoutes(async (app) => {
  const { db, clock, sessions } = app;
  const verify: Handler<'verify'> = async (request) => {
    const session = sessionOf(request);
    // At most once an interval per session, written later with other uses: verify stays a read.
    sessions.recordUse(session, clock.nowSeconds());
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
          return sessions.end(trx, hashSessionToken(token), clock.nowSeconds());
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
