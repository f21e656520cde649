import type { Kysely } from 'kysely';

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

/** The hot path: one primary-key lookup joined to its user. */
export async function findLiveSession(db: Kysely<Database>, tokenHash: string, now: number) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.name', 'users.email', 'users.created_at', 'sessions.expires_at'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
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
