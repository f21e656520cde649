// The identities at providers connected to accounts (migration 020): an identity (issuer,
// subject) belongs to one account, which the primary key holds under any concurrency.
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';

export function findIdentity(db: Kysely<Database>, issuer: string, subject: string) {
  return db
    .selectFrom('oidc_identities')
    .selectAll()
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

export function identitiesOf(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('oidc_identities')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** Connects the identity to the account: false when it belongs to an account already. */
export async function connectIdentity(
  db: Kysely<Database>,
  identity: {
    issuer: string;
    subject: string;
    userId: string;
    providerId: string;
    email: string;
    now: number;
  },
): Promise<boolean> {
  const inserted = await db
    .insertInto('oidc_identities')
    .values({
      issuer: identity.issuer,
      subject: identity.subject,
      user_id: identity.userId,
      provider_id: identity.providerId,
      email: identity.email,
      created_at: identity.now,
    })
    .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Disconnects the account's identities at a provider; how many went. */
export async function disconnectProvider(
  db: Kysely<Database>,
  userId: string,
  providerId: string,
): Promise<number> {
  const result = await db
    .deleteFrom('oidc_identities')
    .where('user_id', '=', userId)
    .where('provider_id', '=', providerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
