import type { Kysely } from 'kysely';

// Confirming it is you: until when a session may make sensitive changes (a passkey, the second
// factor, the password or email, deletion) without the password in the request, Unix seconds;
// null when it is not confirmed. Kept with the session, so it ends with it. Read only by those
// requests, from the row itself: the verify lookup and the sessions kept in memory never hold it,
// so a confirmation needs no notification of its own.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('confirmed_until', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('confirmed_until').execute();
}
