// Verify's lookup of a live session, the server's hot path, in the forms the session store
// (plugins/session-store.ts) runs it: two native statements on SQLite's connection, PostgreSQL's
// lookups batched, and the joined statement compiled once for a transaction or a busy connection.
import type SQLite from 'better-sqlite3';
import { sql, type CompiledQuery, type Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { rowGetter } from '../db/sqliteRows';
import type { SessionCache } from './session-cache';
import {
  LIVE_SESSION_COLUMNS,
  liveSessionQuery,
  type FoundSession,
  type LiveSession,
} from './session-queries';

const HASH_SLOT = '\u0000token-hash';
const NOW_SLOT = -1;

/** The lookup compiled once with placeholders; each run gives its token hash and clock. */
export function compiledLookup(db: Kysely<Database>) {
  const compiled = liveSessionQuery(db, HASH_SLOT, NOW_SLOT).compile();
  return (tokenHash: string, now: number): CompiledQuery<LiveSession> => ({
    ...compiled,
    parameters: compiled.parameters.map((slot) =>
      slot === HASH_SLOT ? tokenHash : slot === NOW_SLOT ? now : slot,
    ),
  });
}

/**
 * The same lookup as two primary-key statements, for SQLite: SQLite 3.54 (better-sqlite3 13)
 * plans the joined statement again on every run, 7.7 µs against 1.2 µs for 3.53, while each
 * statement alone stays near 1 µs. Run back to back on the one synchronous connection, nothing
 * can write between them.
 */
export function sqliteLookup(db: Kysely<Database>, connection: SQLite.Database) {
  const session = db
    .selectFrom('sessions')
    .select(['user_id', 'expires_at', 'last_used_at'])
    .where('token_hash', '=', HASH_SLOT)
    .where('expires_at', '>', NOW_SLOT)
    .compile();
  const user = db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'created_at'])
    .where('id', '=', HASH_SLOT)
    .compile();
  const getSession = rowGetter<{ user_id: string; expires_at: number; last_used_at: number }>(
    connection.prepare(session.sql),
  );
  const getUser = rowGetter<Omit<LiveSession, 'expires_at' | 'last_used_at'>>(
    connection.prepare(user.sql),
  );
  return (tokenHash: string, now: number): LiveSession | undefined => {
    const found = getSession(tokenHash, now);
    if (!found) return undefined;
    const owner = getUser(found.user_id);
    return owner && { ...owner, expires_at: found.expires_at, last_used_at: found.last_used_at };
  };
}

/** Lookups sent as one query at most; more waiting go in several. */
const LOOKUP_BATCH = 500;
/**
 * Lookups a query takes at least when more wait: each query is a round trip (about 1.2 ms in the
 * scale bench, bench/README.md) and costs this process about 90 us of its time, mostly waiting for
 * its core back after waking the database's process, so smaller queries cost more than they
 * overlap.
 */
const LOOKUP_BATCH_LEAST = 16;
/** Batched lookup queries under way at once; the lookups that come meanwhile wait for the next. */
const LOOKUPS_IN_FLIGHT = 4;

interface WaitingLookup {
  tokenHash: string;
  now: number;
  resolve: (row: FoundSession | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Verify's PostgreSQL lookups, sent together: the lookups asked during one turn of the event loop,
 * or while `LOOKUPS_IN_FLIGHT` queries are under way, go as `token_hash = any($1)` queries, and
 * each caller gets its own row. Under load (many sessions, few of them in memory) a round trip per
 * verify was the cost; the database answers a batch of primary-key reads in about the time of
 * one. The waiting lookups are spread over the queries free to go, `LOOKUP_BATCH_LEAST` at least
 * each: while the database answers one, this process answers the requests of another. One query
 * for a whole burst kept each side waiting on the other (bench/README.md, scale). Exact: a
 * lookup's query is always sent after the lookup was asked, so a session ended before its request
 * came is never found. Nothing is kept between queries (no cache of its own).
 * (This is what `dataloader` does with `cache: false`; its few lines here spare a dependency.)
 */
export class LookupBatcher {
  private waiting: WaitingLookup[] = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly query: (hashes: string[], now: number) => CompiledQuery<BatchedRow>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly cache?: SessionCache,
  ) {
    const HASHES_SLOT = '\u0000token-hashes';
    const compiled = db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.token_hash', ...LIVE_SESSION_COLUMNS])
      .select(sql<string>`sessions.ctid::text`.as('row_at'))
      .where(sql<boolean>`sessions.token_hash = any(${HASHES_SLOT}::text[])`)
      .where('sessions.expires_at', '>', NOW_SLOT)
      .compile();
    this.query = (hashes, now) => ({
      ...compiled,
      parameters: compiled.parameters.map((slot) =>
        slot === HASHES_SLOT ? hashes : slot === NOW_SLOT ? now : slot,
      ),
    });
  }

  find(tokenHash: string, now: number): Promise<FoundSession | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ tokenHash, now, resolve, reject });
      this.schedule();
    });
  }

  /** After the I/O of this turn of the loop: the requests read meanwhile join the batch. */
  private schedule() {
    if (this.scheduled || this.inFlight >= LOOKUPS_IN_FLIGHT || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      const free = LOOKUPS_IN_FLIGHT - this.inFlight;
      const queries = Math.max(
        1,
        Math.min(free, Math.floor(this.waiting.length / LOOKUP_BATCH_LEAST)),
      );
      const size = Math.min(LOOKUP_BATCH, Math.ceil(this.waiting.length / queries));
      while (this.waiting.length > 0 && this.inFlight < LOOKUPS_IN_FLIGHT) {
        void this.send(this.waiting.splice(0, size));
      }
    });
  }

  private async send(batch: WaitingLookup[]) {
    this.inFlight++;
    const { cache } = this;
    const readAt = cache?.generation ?? 0;
    const hashes = [...new Set(batch.map((lookup) => lookup.tokenHash))];
    // The earliest clock of the batch; each lookup then drops what has ended by its own.
    const now = Math.min(...batch.map((lookup) => lookup.now));
    try {
      const { rows } = await this.db.executeQuery(this.query(hashes, now));
      const found = new Map(rows.map(({ token_hash, ...row }) => [token_hash, row]));
      for (const lookup of batch) {
        const row = found.get(lookup.tokenHash);
        if (!row || row.expires_at <= lookup.now) {
          lookup.resolve(undefined);
          continue;
        }
        // Memory keeps the session, not where its row was: a use moves the row.
        const { row_at, ...live } = row;
        if (cache) cache.put(lookup.tokenHash, live, readAt);
        lookup.resolve({ ...live, row_at });
      }
    } catch (error) {
      for (const lookup of batch) lookup.reject(error);
    } finally {
      this.inFlight--;
      this.schedule();
    }
  }
}

type BatchedRow = LiveSession & { token_hash: string; row_at: string };
