// One-time codes of a password reset and an email change: one live code per user and purpose,
// stored as a salted HMAC, used up by deleting it.
import type { Kysely } from 'kysely';

import type { AccountCodePurpose, Database } from '../db/schema';
import type { StoredCode } from './activation-codes';

/** A new code replaces the previous one of the same purpose. */
export async function replaceAccountCode(
  db: Kysely<Database>,
  userId: string,
  purpose: AccountCodePurpose,
  code: StoredCode & { requestedAt?: number | null },
  newEmail: string | null = null,
): Promise<void> {
  const values = {
    code_hash: code.codeHash,
    salt: code.salt,
    expires_at: code.expiresAt,
    new_email: newEmail,
    requested_at: code.requestedAt ?? null,
  };
  await db
    .insertInto('account_codes')
    .values({ user_id: userId, purpose, ...values })
    .onConflict((oc) => oc.columns(['user_id', 'purpose']).doUpdateSet(values))
    .execute();
}

export async function findAccountCode(
  db: Kysely<Database>,
  userId: string,
  purpose: AccountCodePurpose,
) {
  return db
    .selectFrom('account_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

/**
 * Ends every outstanding code of the user (a reset, an email change): a credential changed, and
 * a code mailed before that must not undo it or outlive it.
 */
export async function endAccountCodes(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('account_codes').where('user_id', '=', userId).execute();
}

/** Uses the code up; false when another request used it first. */
export async function useAccountCode(
  db: Kysely<Database>,
  userId: string,
  purpose: AccountCodePurpose,
  codeHash: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('account_codes')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Drops the user's live code of one purpose (a cancelled email change). */
export async function dropAccountCode(
  db: Kysely<Database>,
  userId: string,
  purpose: AccountCodePurpose,
): Promise<void> {
  await db
    .deleteFrom('account_codes')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .execute();
}
