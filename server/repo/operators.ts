// Operators and locked accounts (migration 019): who may use the operator API (granted and revoked
// from the command line only), which accounts are locked, and how a session's last confirmation
// was made. The operator API's reads of a user live here too.
import type { Kysely } from 'kysely';

import type { Database, SessionConfirmer } from '../db/schema';

export interface OperatorRow {
  id: string;
  email: string;
  name: string;
  operator_at: number;
}

/** Makes the account of `email` an operator; false when no activated account has it. */
export async function grantOperator(
  db: Kysely<Database>,
  email: string,
  now: number,
): Promise<'granted' | 'already' | 'unknown'> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'operator_at'])
    .where('email', '=', email)
    .where('activated_at', 'is not', null)
    .executeTakeFirst();
  if (!user) return 'unknown';
  if (user.operator_at !== null) return 'already';
  await db.updateTable('users').set({ operator_at: now }).where('id', '=', user.id).execute();
  return 'granted';
}

/** The account of `email` is no operator any more; false when it was none. */
export async function revokeOperator(db: Kysely<Database>, email: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ operator_at: null })
    .where('email', '=', email)
    .where('operator_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function listOperators(db: Kysely<Database>): Promise<OperatorRow[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'operator_at'])
    .where('operator_at', 'is not', null)
    .orderBy('email')
    .execute();
  return rows.map((row) => ({ ...row, operator_at: Number(row.operator_at) }));
}

/** Whether the account is locked, read in the transaction that is about to let it in. */
export async function isLocked(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('locked_at')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row !== undefined && row.locked_at !== null;
}

/** Locks (a time) or unlocks (null) the account; false when it already was so. */
export async function setLocked(
  db: Kysely<Database>,
  userId: string,
  lockedAt: number | null,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ locked_at: lockedAt })
    .where('id', '=', userId)
    .where('locked_at', lockedAt === null ? 'is not' : 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Notes how the session's confirmation was made, beside its `confirmed_until`. */
export async function noteConfirmationMethod(
  db: Kysely<Database>,
  tokenHash: string,
  by: SessionConfirmer,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ confirmed_by: by })
    .where('token_hash', '=', tokenHash)
    .execute();
}
