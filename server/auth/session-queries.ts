// The sessions' queries: plain functions of a database or a transaction. The session store
// (plugins/session-store.ts, `app.sessions`) runs them, and owns what is kept between requests: the
// verify lookup's compiled statements and batcher, the PostgreSQL cache, the writer of uses.
import type { Kysely } from 'kysely';

import type { Database, SessionOpener } from '../db/schema';

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
export const LIVE_SESSION_COLUMNS = [
  'users.id',
  'users.name',
  'users.email',
  'users.created_at',
  'sessions.expires_at',
  'sessions.last_used_at',
] as const;

export function liveSessionQuery(db: Kysely<Database>, tokenHash: string, now: number) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(LIVE_SESSION_COLUMNS)
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now);
}

export type LiveSession = NonNullable<
  Awaited<ReturnType<ReturnType<typeof liveSessionQuery>['executeTakeFirst']>>
>;

/**
 * What a lookup answers: the live session, and where PostgreSQL's batched lookup read its row
 * (`row_at`, the row's `ctid`), so that the session's use is written there without descending
 * the key's index again (./session-uses.ts). Absent on SQLite, and for a session answered from
 * memory.
 */
export type FoundSession = LiveSession & { row_at?: string };

/** The user's live sessions, newest first. */
export async function listSessions(db: Kysely<Database>, userId: string, now: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'token_hash', 'created_at', 'last_used_at', 'user_agent', 'opened_by'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
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
export async function endSessionById(
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

/** Ends the live session of this token (a logout); false when there is none. */
export async function endSession(
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
