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

/**
 * When the email's first waiting sign-up was made, Unix ms: where the funnel's sign-up to
 * activation starts (null when none is known; those stored before migration 014 have time 0).
 */
export async function firstSignupAt(db: Kysely<Database>, email: string): Promise<number | null> {
  const row = await db
    .selectFrom('pending_signups')
    .select((eb) => eb.fn.min('created_at').as('first'))
    .where('email', '=', email)
    .where('created_at', '>', 0)
    .executeTakeFirst();
  return row?.first === null || row?.first === undefined ? null : Number(row.first);
}

/** Once the email's account is activated (it has its password) or deleted. */
export async function endPendingSignups(trx: Kysely<Database>, email: string) {
  await trx.deleteFrom('pending_signups').where('email', '=', email).execute();
}
