// The one reading of what a database, Redis or disk error means, for both SQL engines and Redis.
// Read by shape, not `instanceof Error`: driver errors may come from another realm (native code, vm).
//
// - `unique`: a unique index refused the write: the same row (an email, say) was written by
//   another request at the same moment, which is the caller's race to lose, not a server failure.
// - `storage`: the disk is full, read-only, failing or cannot be opened; `select 1` still answers,
//   so /healthz learns of it from the writes that failed (db/write-failures.ts). A 503.
// - `unavailable`: the database or Redis cannot answer now (busy, locked, unreachable, shutting
//   down, out of connections). A 503, not a bug (500).
export type FailureKind = 'unique' | 'storage' | 'unavailable';

/** PostgreSQL's unique_violation; better-sqlite3's codes for a UNIQUE or PRIMARY KEY conflict. */
const UNIQUE = new Set(['23505', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);
/** SQLite's full, I/O, read-only and cannot-open errors; PostgreSQL's class 53 (resources). */
const STORAGE = /^(SQLITE_(FULL|IOERR|READONLY|CANTOPEN)|53)/;
const SQLITE_BUSY = /^SQLITE_(BUSY|LOCKED)/;
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
]);
// SQLSTATE classes 08 (connection) and 57P0x (server shutting down or starting).
const POSTGRES_UNAVAILABLE = /^(08|57P0)/;
// The drivers' own errors for a connection lost, closed or timed out: node-postgres's (a rollback on
// a connection that broke mid-transaction answers "… is not queryable" in place of the first
// error), ioredis's (a command past its time-out), rate-limiter-flexible's (Redis not connected).
const MESSAGES =
  /connection terminated|timeout exceeded when trying to connect|connection is closed|max retries per request|is not queryable|query read timeout|command timed out|redis connection is not ready/i;

/** What kind of failure `error` is; undefined for anything else (a bug: 500). */
export function failureKind(error: unknown): FailureKind | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (UNIQUE.has(code)) return 'unique';
    if (STORAGE.test(code)) return 'storage';
    if (SQLITE_BUSY.test(code) || NETWORK_CODES.has(code) || POSTGRES_UNAVAILABLE.test(code)) {
      return 'unavailable';
    }
  }
  return typeof message === 'string' && MESSAGES.test(message) ? 'unavailable' : undefined;
}

/** The database, Redis or the disk cannot serve now: the answer is 503. */
export function isUnavailable(error: unknown): boolean {
  const kind = failureKind(error);
  return kind === 'storage' || kind === 'unavailable';
}
