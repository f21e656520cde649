import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { endPendingSignups } from '../repo/pending-signups';
import type { UserRow } from './users';

export interface StoredCode {
  codeHash: string;
  salt: string;
  expiresAt: number;
}

/** A new code replaces the previous one and its count of tries. */
export async function replaceActivationCode(
  db: Kysely<Database>,
  userId: string,
  code: StoredCode,
): Promise<void> {
  const values = { code_hash: code.codeHash, salt: code.salt, expires_at: code.expiresAt };
  await db
    .insertInto('activation_codes')
    .values({ user_id: userId, ...values, attempts: 0 })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, attempts: 0 }))
    .execute();
}

/** The pending code of a not-yet-activated account, with its user. */
export async function findPendingActivation(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('activation_codes')
    .innerJoin('users', 'users.id', 'activation_codes.user_id')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.created_at',
      'users.password_hash',
      'activation_codes.code_hash',
      'activation_codes.salt',
      'activation_codes.expires_at',
      'activation_codes.attempts',
    ])
    .where('users.email', '=', email)
    .where('users.activated_at', 'is', null)
    .executeTakeFirst();
}

/**
 * In the activation's transaction (which opens its session too): uses the code up and activates
 * the user with the sign-up whose password matched, dropping every other one (and every pending
 * sign-up of the email: a login now checks the account's password). Returns false when
 * another request used the same code first.
 */
export async function activateAccount(
  trx: Kysely<Database>,
  user: Pick<UserRow, 'id' | 'email' | 'name' | 'password_hash'>,
  codeHash: string,
  now: number,
): Promise<boolean> {
  const used = await trx
    .deleteFrom('activation_codes')
    .where('user_id', '=', user.id)
    .where('code_hash', '=', codeHash)
    .returning('user_id')
    .executeTakeFirst();
  if (!used) return false;
  await trx
    .updateTable('users')
    .set({ activated_at: now, name: user.name, password_hash: user.password_hash })
    .where('id', '=', user.id)
    .execute();
  await trx.deleteFrom('registrations').where('user_id', '=', user.id).execute();
  await endPendingSignups(trx, user.email);
  return true;
}
