import type { Kysely, Selectable } from 'kysely';

import type { PublicUser } from '../../contract/api';
import type { Database, UsersTable } from '../db/schema';
import { endPendingSignups } from '../repo/pending-signups';
import { deleteUserAuthEvents } from './auth-event-queries';

export type UserRow = Selectable<UsersTable>;

export function toPublicUser(
  row: Pick<UserRow, 'id' | 'name' | 'email' | 'created_at'>,
): PublicUser {
  return { id: row.id, name: row.name, email: row.email, createdAt: row.created_at };
}

export async function findUserByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export interface NewAccount {
  user: Omit<UserRow, 'activated_at' | 'operator_at' | 'locked_at'>;
  code: { codeHash: string; salt: string; expiresAt: number };
}

/**
 * Creates the user and its first activation code; run it in a transaction. Returns false when the
 * email already has an account: the unique constraint decides, so simultaneous sign-ups make one.
 */
export async function createAccount(trx: Kysely<Database>, account: NewAccount): Promise<boolean> {
  const inserted = await trx
    .insertInto('users')
    .values({ ...account.user, activated_at: null })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  await trx
    .insertInto('activation_codes')
    .values({
      user_id: inserted.id,
      code_hash: account.code.codeHash,
      salt: account.code.salt,
      expires_at: account.code.expiresAt,
    })
    .execute();
  return true;
}

/**
 * Holds the user's row until the transaction ends, so that what the transaction reads of the
 * account's rows (how many passkeys it keeps, which recovery codes are live) stays true until it
 * writes: a second transaction that locks it waits. It writes a column that no trigger watches (migration 007 watches `id`,
 * `name` and `email`), so the sessions kept in memory stay. SQLite runs one writing transaction at
 * a time anyway.
 */
export async function lockUser(
  trx: Kysely<Database>,
  userId: string,
): Promise<{ locked_at: number | null } | undefined> {
  // The row's lock state comes back with the hold: a sign-in reads it in the same statement.
  return trx
    .updateTable('users')
    .set((eb) => ({ created_at: eb.ref('created_at') }))
    .where('id', '=', userId)
    .returning('locked_at')
    .executeTakeFirst();
}

export async function findUserById(db: Kysely<Database>, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function setPasswordHash(db: Kysely<Database>, userId: string, passwordHash: string) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('id', '=', userId)
    .execute();
}

export async function setEmail(db: Kysely<Database>, userId: string, email: string) {
  await db.updateTable('users').set({ email }).where('id', '=', userId).execute();
}

/**
 * The user and every row of theirs: the rows that name the user go by their foreign keys' ON DELETE
 * CASCADE (server/__tests__/cascades.test.ts); its events (which a log id or its email's keyed
 * hash, `emailHash`, ties to it, too) and its email's pending sign-ups hold no key to the user and
 * go here. Run it in a transaction.
 */
export async function deleteUser(
  trx: Kysely<Database>,
  userId: string,
  emailHash: (email: string) => string,
): Promise<void> {
  const user = await trx
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .executeTakeFirst();
  await deleteUserAuthEvents(trx, userId, user ? emailHash(user.email) : null);
  if (user) await endPendingSignups(trx, user.email);
  await trx.deleteFrom('users').where('id', '=', userId).execute();
}
