import type { CompiledQuery, Kysely } from 'kysely';

import type { Database } from '../db/schema';

export async function createSession(
  db: Kysely<Database>,
  session: { tokenHash: string; userId: string; expiresAt: number; now: number },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      token_hash: session.tokenHash,
      user_id: session.userId,
      expires_at: session.expiresAt,
      created_at: session.now,
    })
    .execute();
}

function liveSessionQuery(db: Kysely<Database>, tokenHash: string, now: number) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.name', 'users.email', 'users.created_at', 'sessions.expires_at'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now);
}

type LiveSession = NonNullable<
  Awaited<ReturnType<ReturnType<typeof liveSessionQuery>['executeTakeFirst']>>
>;

const HASH_SLOT = '\u0000token-hash';
const NOW_SLOT = -1;
const compiledLookups = new WeakMap<Kysely<Database>, CompiledQuery<LiveSession>>();

/**
 * The hot path, run on every navigation of every visitor: one primary-key lookup joined to its
 * user. The query is compiled once per database and only its parameters change.
 */
export async function findLiveSession(
  db: Kysely<Database>,
  tokenHash: string,
  now: number,
): Promise<LiveSession | undefined> {
  let compiled = compiledLookups.get(db);
  if (!compiled) {
    compiled = liveSessionQuery(db, HASH_SLOT, NOW_SLOT).compile();
    compiledLookups.set(db, compiled);
  }
  const parameters = compiled.parameters.map((slot) =>
    slot === HASH_SLOT ? tokenHash : slot === NOW_SLOT ? now : slot,
  );
  const query: CompiledQuery<LiveSession> = { ...compiled, parameters };
  const { rows } = await db.executeQuery(query);
  return rows[0];
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
