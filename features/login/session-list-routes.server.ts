// The signed-in user's live sessions: the list (which one is this device), and ending one or
// every other one. Every route here needs a live session (the table says so).
import type { PlainOk } from '../../contract/api';
import { sessionOf } from '../../server/auth/session';
import { defineRoutes } from '../../server/http/endpoints';
import type { SessionsOk } from './schemas';

const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

const sessionListRoutes = defineRoutes(async (app) => {
  const { db, clock, sessions } = app;
  return {
    sessions: async (request) => {
      const { userId, tokenHash } = sessionOf(request);
      const rows = await sessions.list(userId, clock.nowSeconds());
      const answer: SessionsOk = {
        error: false,
        sessions: rows.map((row) => ({
          id: row.id ?? '',
          createdAt: iso(row.created_at),
          lastUsedAt: iso(Math.max(row.last_used_at, row.created_at)),
          userAgent: row.user_agent,
          current: row.token_hash === tokenHash,
          openedBy: row.opened_by,
        })),
      };
      return answer;
    },

    revokeOtherSessions: async (request) => {
      const { userId, tokenHash } = sessionOf(request);
      const revoked = await db.transaction().execute(async (trx) => {
        await app.authEvents.accepted(trx, request);
        return sessions.endAll(trx, userId, tokenHash);
      });
      return { error: false as const, revoked };
    },

    revokeSession: async (request, reply) => {
      const { userId } = sessionOf(request);
      const ended = await db.transaction().execute(async (trx) => {
        const done = await sessions.endById(trx, userId, request.params.id, clock.nowSeconds());
        if (done) await app.authEvents.accepted(trx, request);
        return done;
      });
      if (!ended) return reply.fail('NOT_FOUND');
      const answer: PlainOk = { error: false };
      return answer;
    },
  };
});

export default sessionListRoutes;
