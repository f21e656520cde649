// Verify and logout: the two calls that read the session token.
import type { PlainOk, VerifyOk } from '../../contract/api';
import { hashSessionToken } from '../auth/secrets';
import { defineRoutes, type Handler } from '../http/endpoints';
import {
  cacheLiveSessions,
  findLiveSession,
  flushSessionUses,
  recordSessionUse,
  revokeSession,
} from '../repo/sessions';
import { toPublicUser } from '../repo/users';
import { bearerToken } from './session-answer';

const sessionRoutes = defineRoutes(async (app) => {
  const { db, clock, config } = app;
  // Before the database closes (its own hook runs after the plugins').
  app.addHook('onClose', () => flushSessionUses(db));
  if (config.database.kind === 'postgres' && config.sessionCacheSize > 0) {
    app.addHook('onClose', await cacheLiveSessions(db, config.database, config.sessionCacheSize));
  }
  const verify: Handler<'verify'> = async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const token = bearerToken(request);
    const tokenHash = token ? hashSessionToken(token) : undefined;
    const session = tokenHash
      ? await findLiveSession(db, tokenHash, clock.nowSeconds())
      : undefined;
    if (!tokenHash || !session) return reply.fail('INVALID_TOKEN');
    // At most once an interval per session, written later with other uses: verify stays a read.
    recordSessionUse(
      db,
      { tokenHash, lastUsedAt: session.last_used_at },
      clock.nowSeconds(),
      config.sessionTouchIntervalSeconds,
    );
    const answer: VerifyOk = {
      error: false,
      user: toPublicUser(session),
      signature: { exp: session.expires_at },
    };
    return answer;
  };

  const logout: Handler<'logout'> = async (request, reply) => {
    const token = bearerToken(request);
    const revoked = token
      ? await revokeSession(db, hashSessionToken(token), clock.nowSeconds())
      : false;
    if (!revoked) return reply.fail('INVALID_TOKEN');
    const answer: PlainOk = { error: false };
    return answer;
  };
  return { verify, logout };
});

export default sessionRoutes;
