// The uses of sessions verify saw, written together rather than on the request path.
import { sql, type Kysely } from 'kysely';

import { backgroundWriteOf, sqliteConnectionOf } from '../db/connect';
import type { Database } from '../db/schema';

/** How long a use waits in memory before it is written with the others, at most. */
const USE_FLUSH_MS = 1000;
/** Uses SQLite's thread writes in one transaction; this many waiting are written at once. */
export const USE_BATCH = 500;
/**
 * The same for PostgreSQL, one statement each. A statement of 500 kept a database process busy
 * for about 6 ms at a million sessions, and the lookups on the same cores waited behind it:
 * statements of 100 took the 1M verify rate from 0.64x and 0.65x to 0.66x and 0.67x its 1k rate
 * (bench/README.md, scale); 50 measured the same as 100.
 */
export const POSTGRES_USE_BATCH = 100;

/** A session's use waiting to be written: when, and where the lookup read its row, if it says. */
export interface Use {
  at: number;
  rowAt?: string;
}

/**
 * The uses verify saw in this process that the database does not show yet, written together
 * about once a second: one transaction (SQLite) or one statement per 100 (PostgreSQL) instead
 * of a write on the request path, so verify stays one read however many sessions are in use.
 * The session store (plugins/session-store.ts) keeps one, and records through it.
 */
export class SessionUses {
  private readonly waiting = new Map<string, Use>();
  /** Uses given to the database and not yet known to be written: another thread may hold them. */
  private readonly writingNow = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  /**
   * `write` stores the uses given (session key and time), `batch` of them at most: a statement's
   * worth.
   */
  constructor(
    private readonly write: (uses: [string, Use][]) => Promise<void>,
    private readonly batch: number,
  ) {}

  /**
   * A full batch is handed to the writer the moment it fills, so each statement carries a whole
   * batch. Deferred to the next timer tick instead, the uses that came meanwhile made a second,
   * small statement of each flush: 60 uses a statement on average at a million sessions, where
   * every statement is a round trip and a commit.
   */
  record(tokenHash: string, now: number, rowAt?: string) {
    this.waiting.set(tokenHash, { at: now, rowAt });
    if (this.waiting.size >= this.batch) void this.flush();
    else this.flushSoon();
  }

  /** The latest use of the session this process saw and the database may not show yet. */
  unwritten(tokenHash: string): number | undefined {
    return this.waiting.get(tokenHash)?.at ?? this.writingNow.get(tokenHash);
  }

  private flushSoon() {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, USE_FLUSH_MS);
    this.timer.unref();
  }

  /** Writes what waits (after any write under way); a failed write is dropped, not retried. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const uses = [...this.waiting];
    this.waiting.clear();
    if (uses.length === 0) return this.writing;
    for (const [tokenHash, { at }] of uses) this.writingNow.set(tokenHash, at);
    this.writing = this.writing
      .then(() => this.write(uses))
      .finally(() => {
        for (const [tokenHash, { at }] of uses) {
          if (this.writingNow.get(tokenHash) === at) this.writingNow.delete(tokenHash);
        }
      })
      .catch((error: unknown) => {
        if (!(error instanceof BusyConnection)) return;
        for (const [tokenHash, use] of uses) {
          if (!this.waiting.has(tokenHash)) this.waiting.set(tokenHash, use);
        }
        this.flushSoon();
      });
    return this.writing;
  }
}

class BusyConnection extends Error {}

const SQLITE_USE = 'update sessions set last_used_at = ? where token_hash = ? and last_used_at < ?';

/**
 * On PostgreSQL a use whose lookup said where its row was is written there, by `ctid`, checked
 * against the key (a vacuumed slot may hold another row since), without descending the key's
 * index a second time; the rest, and the rows not found there (a use moves its row, so another
 * process may have moved it), by the key. On a million sessions, a statement of 100 uses took
 * 1.29-1.68 ms by address against 1.62-2.14 ms by the key, alternated in five runs: a fifth less
 * of the database's time (bench/README.md, scale). One statement doing both, its second half for
 * what the first did not write, measured 1.54-1.99 ms.
 */
async function writePostgresUses(db: Kysely<Database>, uses: [string, Use][]) {
  const byKey = uses.filter(([, use]) => use.rowAt === undefined);
  const located = uses.filter(([, use]) => use.rowAt !== undefined);
  if (located.length > 0) {
    const { rows } = await sql<{ token_hash: string }>`update sessions set last_used_at = used.at
      from unnest(${located.map(([, use]) => use.rowAt)}::tid[],
        ${located.map(([hash]) => hash)}::text[], ${located.map(([, use]) => use.at)}::bigint[])
        as used(row_at, token_hash, at)
      where sessions.ctid = used.row_at and sessions.token_hash = used.token_hash
        and sessions.last_used_at < used.at
      returning sessions.token_hash`.execute(db);
    const written = new Set(rows.map((row) => row.token_hash));
    byKey.push(...located.filter(([hash]) => !written.has(hash)));
  }
  if (byKey.length === 0) return;
  await sql`update sessions set last_used_at = used.at
    from unnest(${byKey.map(([hash]) => hash)}::text[], ${byKey.map(([, use]) => use.at)}::bigint[])
      as used(token_hash, at)
    where sessions.token_hash = used.token_hash and sessions.last_used_at < used.at`.execute(db);
}

/** Writes the uses given, on the database's engine: SQLite's thread, or PostgreSQL. */
export async function writeUses(db: Kysely<Database>, uses: [string, Use][]) {
  const connection = sqliteConnectionOf(db);
  if (connection) {
    const rows = uses.map(([tokenHash, { at }]) => [at, tokenHash, at]);
    const background = backgroundWriteOf(db);
    if (background) return background(SQLITE_USE, rows);
    // Run now, the updates would join a transaction another query holds open, and go with it.
    if (connection.inTransaction) throw new BusyConnection();
    const update = connection.prepare(SQLITE_USE);
    connection.transaction(() => {
      for (const row of rows) update.run(...row);
    })();
    return;
  }
  // SessionUses hands over a statement's worth at most: it writes a batch the moment it fills.
  await writePostgresUses(db, uses);
}
