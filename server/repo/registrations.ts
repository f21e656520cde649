// Later sign-ups for an email that is not activated yet, each with its own password.
import type { Kysely, Selectable } from 'kysely';

import type { Database, RegistrationsTable } from '../db/schema';

export type RegistrationRow = Selectable<RegistrationsTable>;

/** Oldest beyond this many are dropped, so activation checks a bounded number of passwords. */
export const MAX_REGISTRATIONS_PER_EMAIL = 10;

/** Run it in a transaction: the insert and the trim go together. */
export async function addRegistration(
  trx: Kysely<Database>,
  registration: RegistrationRow,
): Promise<void> {
  await trx.insertInto('registrations').values(registration).execute();
  const kept = trx
    .selectFrom('registrations')
    .select('id')
    .where('user_id', '=', registration.user_id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(MAX_REGISTRATIONS_PER_EMAIL);
  await trx
    .deleteFrom('registrations')
    .where('user_id', '=', registration.user_id)
    .where('id', 'not in', kept)
    .execute();
}

/** Newest first: the owner who signs up again after a stranger is checked first. */
export async function findRegistrations(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('registrations')
    .select(['id', 'name', 'password_hash'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
