// Logins whose password was right, waiting for their second step: the ticket as SHA-256, five
// minutes, used once. They are sessions not yet opened (./sessions.ts holds the opened ones).
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { hashSessionToken, newSessionToken } from './secrets';

/** How long a login waits for its second step. */
const PENDING_LOGIN_SECONDS = 5 * 60;

/** A login waiting for its second step: the login's answer, its ticket (shown once) and its end. */
export async function createPendingLogin(
  db: Kysely<Database>,
  userId: string,
  now: number,
  openedBy: `provider:${string}` | null = null,
) {
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
    .values({
      token_hash: hashSessionToken(token),
      user_id: userId,
      expires_at: expiresAt,
      opened_by: openedBy,
    })
    .execute();
  return { error: false as const, secondFactor: { ticket: token, expiresAt } };
}

export function findPendingLogin(db: Kysely<Database>, token: string, now: number) {
  return db
    .selectFrom('pending_logins')
    .select(['token_hash', 'user_id', 'opened_by'])
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
