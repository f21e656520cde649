import type SQLite from 'better-sqlite3';
import { sql, type CompiledQuery, type Kysely } from 'kysely';

import { hashSessionToken, newSessionToken } from '../auth/secrets';
import { backgroundWriteOf, sqliteConnectionOf } from '../db/connect';
import type { Database, SessionOpener } from '../db/schema';
import { rowGetter } from '../db/sqliteRows';
import { SessionCache } from './session-cache';

export interface NewSession {
  tokenHash: string;
  userId: string;
  expiresAt: number;
  now: number;
  id: string;
  userAgent: string;
  /** Live sessions the account keeps at most, this one included; the oldest beyond end. */
  keepAtMost: number;
  /** How it was opened; `password` unless said. */
  openedBy?: SessionOpener;
}

/**
 * Stores the session and ends the account's oldest beyond `keepAtMost` (and its expired ones), so
 * logging in again and again cannot grow the session list without bound.
 */
export async function createSession(db: Kysely<Database>, session: NewSession): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      token_hash: session.tokenHash,
      user_id: session.userId,
      expires_at: session.expiresAt,
      created_at: session.now,
      id: session.id,
      last_used_at: session.now,
      user_agent: session.userAgent,
      opened_by: session.openedBy ?? 'password',
    })
    .execute();
  // The new session is kept whatever the order of equal creation times; the newest others fill
  // the remaining places.
  const kept = db
    .selectFrom('sessions')
    .select('token_hash')
    .where('user_id', '=', session.userId)
    .where('token_hash', '!=', session.tokenHash)
    .where('expires_at', '>', session.now)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(Math.max(0, session.keepAtMost - 1));
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', session.userId)
    .where('token_hash', '!=', session.tokenHash)
    .where('token_hash', 'not in', kept)
    .execute();
}

/** What a live session's lookup reads: its user, its expiry and its last use. */
const LIVE_SESSION_COLUMNS = [
  'users.id',
  'users.name',
  'users.email',
  'users.created_at',
  'sessions.expires_at',
  'sessions.last_used_at',
] as const;

function liveSessionQuery(db: Kysely<Database>, tokenHash: string, now: number) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(LIVE_SESSION_COLUMNS)
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now);
}

type LiveSession = NonNullable<
  Awaited<ReturnType<ReturnType<typeof liveSessionQuery>['executeTakeFirst']>>
>;

/**
 * What a lookup answers: the live session, and where PostgreSQL's batched lookup read its row
 * (`row_at`, the row's `ctid`), so that the session's use is written there without descending
 * the key's index again (`writePostgresUses`). Absent on SQLite, and for a session answered from
 * memory.
 */
type FoundSession = LiveSession & { row_at?: string };

const HASH_SLOT = '\u0000token-hash';
const NOW_SLOT = -1;
const compiledLookups = new WeakMap<Kysely<Database>, CompiledQuery<LiveSession>>();
/**
 * The same lookup as two primary-key statements, for SQLite: SQLite 3.54 (better-sqlite3 13)
 * plans the joined statement again on every run, 7.7 µs against 1.2 µs for 3.53, while each
 * statement alone stays near 1 µs. Run back to back on the one synchronous connection, nothing
 * can write between them.
 */
function sqliteLookup(db: Kysely<Database>, connection: SQLite.Database) {
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

const sqliteLookups = new WeakMap<Kysely<Database>, ReturnType<typeof sqliteLookup>>();

/**
 * The user a live session belongs to, with the session's expiry and last use (`id` is the
 * user's); undefined when the token stands for no live session. auth/session.ts makes the
 * request's session of it.
 *
 * The hot path, run on every navigation of every visitor: one primary-key lookup joined to its
 * user. The query is compiled once per database and only its parameters change.
 *
 * On SQLite the compiled statement runs on the connection itself: better-sqlite3 is synchronous,
 * and Kysely's driver adds a connection lock and several promises to each query, about a sixth
 * of verify's time under load (`npm run bench -- server`). While a Kysely transaction holds the
 * connection, the lookup waits for it through Kysely instead, so it never reads a transaction's
 * uncommitted writes. On PostgreSQL a session in memory (`cacheLiveSessions`) is answered from
 * there; the others are looked up together with the lookups asked at the same moment
 * (`LookupBatcher`), unless `db` is a transaction.
 */
export async function findLiveSessionUser(
  db: Kysely<Database>,
  tokenHash: string,
  now: number,
): Promise<FoundSession | undefined> {
  const connection = sqliteConnectionOf(db);
  if (connection && !connection.inTransaction) {
    let lookup = sqliteLookups.get(db);
    if (!lookup) {
      lookup = sqliteLookup(db, connection);
      sqliteLookups.set(db, lookup);
    }
    return lookup(tokenHash, now);
  }
  const cache = sessionCaches.get(db);
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
  if (!connection && !db.isTransaction) {
    let batcher = lookupBatchers.get(db);
    if (!batcher) {
      batcher = new LookupBatcher(db);
      lookupBatchers.set(db, batcher);
    }
    return batcher.find(tokenHash, now);
  }
  let compiled = compiledLookups.get(db);
  if (!compiled) {
    compiled = liveSessionQuery(db, HASH_SLOT, NOW_SLOT).compile();
    compiledLookups.set(db, compiled);
  }
  const parameters = compiled.parameters.map((slot) =>
    slot === HASH_SLOT ? tokenHash : slot === NOW_SLOT ? now : slot,
  );
  const { rows } = await db.executeQuery<LiveSession>({ ...compiled, parameters });
  return rows[0];
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
class LookupBatcher {
  private waiting: WaitingLookup[] = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly query: (hashes: string[], now: number) => CompiledQuery<BatchedRow>;

  constructor(private readonly db: Kysely<Database>) {
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
    const cache = sessionCaches.get(this.db);
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

const lookupBatchers = new WeakMap<Kysely<Database>, LookupBatcher>();

const sessionCaches = new WeakMap<Kysely<Database>, SessionCache>();

/**
 * Keeps up to `size` live sessions of a PostgreSQL database in this process's memory, exact
 * through the database's notifications (./session-cache.ts); returns how to stop.
 */
export async function cacheLiveSessions(
  db: Kysely<Database>,
  database: { url: string; schema?: string },
  size: number,
): Promise<() => Promise<void>> {
  const cache = new SessionCache(database.url, database.schema, size);
  await cache.start();
  sessionCaches.set(db, cache);
  return async () => {
    sessionCaches.delete(db);
    await cache.close();
  };
}

/** How many of verify's lookups the session cache answered, and not, on a PostgreSQL database. */
export function sessionCacheCounts(
  db: Kysely<Database>,
): { hits: number; misses: number } | undefined {
  const cache = sessionCaches.get(db);
  return cache && { hits: cache.hits, misses: cache.misses };
}

/** Returns whether a live session was revoked. */
export async function revokeSession(
  db: Kysely<Database>,
  tokenHash: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** How long a use waits in memory before it is written with the others, at most. */
const USE_FLUSH_MS = 1000;
/** Uses SQLite's thread writes in one transaction; this many waiting are written at once. */
const USE_BATCH = 500;
/**
 * The same for PostgreSQL, one statement each. A statement of 500 kept a database process busy
 * for about 6 ms at a million sessions, and the lookups on the same cores waited behind it:
 * statements of 100 took the 1M verify rate from 0.64x and 0.65x to 0.66x and 0.67x its 1k rate
 * (bench/README.md, scale); 50 measured the same as 100.
 */
const POSTGRES_USE_BATCH = 100;

/** A session's use waiting to be written: when, and where the lookup read its row, if it says. */
interface Use {
  at: number;
  rowAt?: string;
}

/**
 * The uses verify saw in this process that the database does not show yet, written together
 * about once a second: one transaction (SQLite) or one statement per 100 (PostgreSQL) instead
 * of a write on the request path, so verify stays one read however many sessions are in use.
 * Exported for its tests; the server records through `recordSessionUse`.
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

async function writeUses(db: Kysely<Database>, uses: [string, Use][]) {
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

const sessionUses = new WeakMap<Kysely<Database>, SessionUses>();

/**
 * Notes a use of the session when the stored one is at least `intervalSeconds` old; it reaches
 * the database within about a second, and this process's session list shows it at once.
 */
export function recordSessionUse(
  db: Kysely<Database>,
  session: { tokenHash: string; lastUsedAt: number; rowAt?: string },
  now: number,
  intervalSeconds: number,
) {
  if (now - session.lastUsedAt < intervalSeconds) return;
  sessionCaches.get(db)?.noteUse(session.tokenHash, now);
  let uses = sessionUses.get(db);
  if (!uses) {
    const batch = sqliteConnectionOf(db) ? USE_BATCH : POSTGRES_USE_BATCH;
    uses = new SessionUses((waiting) => writeUses(db, waiting), batch);
    sessionUses.set(db, uses);
  }
  uses.record(session.tokenHash, now, session.rowAt);
}

/** Writes the uses still waiting; before the database closes. */
export async function flushSessionUses(db: Kysely<Database>): Promise<void> {
  await sessionUses.get(db)?.flush();
}

/** The user's live sessions, newest first. */
export async function listSessions(db: Kysely<Database>, userId: string, now: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'token_hash', 'created_at', 'last_used_at', 'user_agent', 'opened_by'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
    .then((rows) => {
      const uses = sessionUses.get(db);
      if (!uses) return rows;
      return rows.map((row) => {
        const used = uses.unwritten(row.token_hash);
        return used && used > row.last_used_at ? { ...row, last_used_at: used } : row;
      });
    });
}

/**
 * Ends every session of the user but the one given, if one is, and every login of the user
 * waiting for its second step (its ticket stands for a password that is changing, or for a
 * sign-in the owner chose to end); returns how many sessions ended.
 */
export async function endSessions(
  db: Kysely<Database>,
  userId: string,
  exceptTokenHash?: string,
): Promise<number> {
  await db.deleteFrom('pending_logins').where('user_id', '=', userId).execute();
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .$if(exceptTokenHash !== undefined, (qb) => qb.where('token_hash', '!=', exceptTokenHash!))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends one live session of this user by its public id; false when there is none. */
export async function revokeSessionById(
  db: Kysely<Database>,
  userId: string,
  id: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Until when the session is confirmed for sensitive changes (Unix seconds), or null: read from
 * its row, never from memory (verify's lookups and cache leave the column out).
 */
export async function sessionConfirmedUntil(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<number | null> {
  const row = await db
    .selectFrom('sessions')
    .select('confirmed_until')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row?.confirmed_until ?? null;
}

/** The session is confirmed until `until`; false when it has ended meanwhile. */
export async function confirmSession(
  db: Kysely<Database>,
  tokenHash: string,
  until: number,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ confirmed_until: until })
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// Logins whose password was right, waiting for their second step: the ticket as SHA-256, five
// minutes, used once.

/** How long a login waits for its second step. */
const PENDING_LOGIN_SECONDS = 5 * 60;

/** Whether the account's second factor is on: a password alone then opens no session. */
export async function secondFactorOn(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('second_factors')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** A login waiting for its second step: the login's answer, its ticket (shown once) and its end. */
export async function createPendingLogin(db: Kysely<Database>, userId: string, now: number) {
  const token = newSessionToken();
  const expiresAt = now + PENDING_LOGIN_SECONDS;
  // The account's ended ones go: they can never be used.
  await db
    .deleteFrom('pending_logins')
    .where('user_id', '=', userId)
    .where('expires_at', '<=', now)
    .execute();
  await db
    .insertInto('pending_logins')
    .values({ token_hash: hashSessionToken(token), user_id: userId, expires_at: expiresAt })
    .execute();
  return { error: false as const, secondFactor: { ticket: token, expiresAt } };
}

export function findPendingLogin(db: Kysely<Database>, token: string, now: number) {
  return db
    .selectFrom('pending_logins')
    .select(['token_hash', 'user_id'])
    .where('token_hash', '=', hashSessionToken(token))
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Ends a pending login: true for the one request that ended it. */
export async function endPendingLogin(db: Kysely<Database>, tokenHash: string): Promise<boolean> {
  const result = await db
    .deleteFrom('pending_logins')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
