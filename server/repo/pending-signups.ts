// Sign-ups as their requests stored them, by email (migration 014): what a login finds.
import { sql, type Kysely, type Selectable } from 'kysely';

import type { Database, PendingSignupsTable } from '../db/schema';
import { MAX_REGISTRATIONS_PER_EMAIL } from './registrations';

export type PendingSignupRow = Selectable<PendingSignupsTable>;

/** Run it in the sign-up's transaction: the insert and the trim go together. */
export async function addPendingSignup(trx: Kysely<Database>, row: PendingSignupRow) {
  await trx.insertInto('pending_signups').values(row).execute();
  const kept = trx
    .selectFrom('pending_signups')
    .select('id')
    .where('email', '=', row.email)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(MAX_REGISTRATIONS_PER_EMAIL);
  await trx
    .deleteFrom('pending_signups')
    .where('email', '=', row.email)
    .where('id', 'not in', kept)
    .execute();
}

/**
 * The sign-up a login checks its password against: the newest from the login's own client
 * address, else the newest of all, so a stranger signing up after the owner does not hide the
 * owner's.
 */
export async function pendingSignupFor(db: Kysely<Database>, email: string, addressHash: string) {
  return db
    .selectFrom('pending_signups')
    .select('password_hash')
    .where('email', '=', email)
    .orderBy(sql`case when address_hash = ${addressHash} then 1 else 0 end`, 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Once the email's account is activated (it has its password) or deleted. */
export async function endPendingSignups(trx: Kysely<Database>, email: string) {
  await trx.deleteFrom('pending_signups').where('email', '=', email).execute();
}
