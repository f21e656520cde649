// The session store, reached as `app.sessions`: finds the live session a token stands for (verify's
// hot path, on every navigation), opens, lists and ends sessions, and records their uses. What it
// keeps between requests is its own and stops with it (onClose): the compiled lookups, PostgreSQL's
// lookup batcher and cache of live sessions, and the writer of uses. The queries are plain
// functions (repo/sessions.ts) it runs.
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';

import { sqliteConnectionOf } from '../db/connect';
import type { Database } from '../db/schema';
import { SessionCache } from './session-cache';
import { compiledLookup, LookupBatcher, sqliteLookup } from './session-lookups';
import {
  createSession,
  endSession,
  endSessionById,
  endSessions,
  listSessions,
  type FoundSession,
  type NewSession,
} from './session-queries';
import { POSTGRES_USE_BATCH, SessionUses, USE_BATCH, writeUses } from './session-uses';

export interface SessionStore {
  /**
   * The user a live session belongs to, with the session's expiry and last use (`id` is the
   * user's); undefined when the token stands for no live session.
   */
  find(tokenHash: string, now: number): Promise<FoundSession | undefined>;
  /** Opens a session in `db`, the transaction of the decision that lets its user in. */
  create(db: Kysely<Database>, session: NewSession): Promise<void>;
  /** The user's live sessions, newest first, with the uses this process saw and has not written. */
  list(userId: string, now: number): ReturnType<typeof listSessions>;
  /** Ends the live session of a token (a logout); false when there is none. */
  end(db: Kysely<Database>, tokenHash: string, now: number): Promise<boolean>;
  /** Ends one live session of the user by its public id; false when there is none. */
  endById(db: Kysely<Database>, userId: string, id: string, now: number): Promise<boolean>;
  /**
   * Ends every session of the user but the one given, if one is, and every login of the user
   * waiting for its second step; returns how many sessions ended.
   */
  endAll(db: Kysely<Database>, userId: string, exceptTokenHash?: string): Promise<number>;
  /**
   * Notes a use of the session when the stored one is at least the touch interval old; it reaches
   * the database within about a second, and this process's session list shows it at once.
   */
  recordUse(session: { tokenHash: string; lastUsedAt: number; rowAt?: string }, now: number): void;
  /** Writes the uses still waiting. */
  flushUses(): Promise<void>;
  /** How many lookups the cache answered, and not; undefined without a cache. */
  cacheCounts(): { hits: number; misses: number } | undefined;
  /** Writes what waits and stops the cache: before the database closes. */
  close(): Promise<void>;
}

export interface SessionStoreOptions {
  /** Keep up to `cacheSize` live sessions of this PostgreSQL database in memory. */
  cache?: { database: { url: string; schema?: string }; size: number };
  /** A use is written at most once this many seconds per session. */
  touchIntervalSeconds: number;
}

/**
 * The store of `db`'s sessions. On SQLite the lookup's statements run on the connection itself:
 * better-sqlite3 is synchronous, and Kysely's driver adds a connection lock and several promises
 * to each query, about a sixth of verify's time under load (`npm run bench -- server`). While a
 * Kysely transaction holds the connection, the lookup waits for it through Kysely instead, so it
 * never reads a transaction's uncommitted writes. On PostgreSQL a session in memory is answered
 * from there; the others are looked up together with the lookups asked at the same moment.
 */
export async function openSessionStore(
  db: Kysely<Database>,
  options: SessionStoreOptions,
): Promise<SessionStore> {
  const connection = sqliteConnectionOf(db);
  const native = connection && sqliteLookup(db, connection);
  const compiled = compiledLookup(db);
  let cache: SessionCache | undefined;
  if (!connection && options.cache && options.cache.size > 0) {
    const { database, size } = options.cache;
    cache = new SessionCache(database.url, database.schema, size);
    await cache.start();
  }
  const batcher = connection ? undefined : new LookupBatcher(db, cache);
  const uses = new SessionUses(
    (waiting) => writeUses(db, waiting),
    connection ? USE_BATCH : POSTGRES_USE_BATCH,
  );

  const find = async (tokenHash: string, now: number): Promise<FoundSession | undefined> => {
    if (connection && native && !connection.inTransaction) return native(tokenHash, now);
    if (cache?.get(tokenHash, now)) {
      // Kept, unless an end committed before this request is still on its way.
      const caughtUp = await cache.caughtUp().then(
        () => true,
        () => false,
      );
      const cached = caughtUp ? cache.get(tokenHash, now) : undefined;
      if (cached) {
        cache.hits += 1;
        return cached;
      }
    }
    if (cache) cache.misses += 1;
    if (batcher) return batcher.find(tokenHash, now);
    const { rows } = await db.executeQuery(compiled(tokenHash, now));
    return rows[0];
  };

  return {
    find,
    create: createSession,
    async list(userId, now) {
      const rows = await listSessions(db, userId, now);
      return rows.map((row) => {
        const used = uses.unwritten(row.token_hash);
        return used && used > row.last_used_at ? { ...row, last_used_at: used } : row;
      });
    },
    end: endSession,
    endById: endSessionById,
    endAll: endSessions,
    recordUse(session, now) {
      if (now - session.lastUsedAt < options.touchIntervalSeconds) return;
      cache?.noteUse(session.tokenHash, now);
      uses.record(session.tokenHash, now, session.rowAt);
    },
    flushUses: () => uses.flush(),
    cacheCounts: () => cache && { hits: cache.hits, misses: cache.misses },
    async close() {
      await uses.flush();
      await cache?.close();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
  }
}

const sessionsPlugin: FastifyPluginAsync = async (app) => {
  const { db, config } = app;
  const sessions = await openSessionStore(db, {
    cache:
      config.database.kind === 'postgres'
        ? { database: config.database, size: config.sessionCacheSize }
        : undefined,
    touchIntervalSeconds: config.sessionTouchIntervalSeconds,
  });
  // Before the database closes (its own hook runs after the plugins').
  app.addHook('onClose', () => sessions.close());
  app.decorate('sessions', sessions);
};

export default fp(sessionsPlugin, {
  name: 'sessions',
  fastify: '5.x',
  decorators: { fastify: ['db', 'config'] },
});
