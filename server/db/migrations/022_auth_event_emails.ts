import type { Kysely } from 'kysely';

// The email a request named, kept as the client address is: `auth_events.email_hash`, HMAC-SHA-256
// of the normalized email with the deployment's `address-hmac` secret (under its own label), so an
// operator's page of a user finds the refused sign-ins at that user's email (which name no account)
// and the record holds no email in the clear. Null on events whose request named none, and on those
// written before. An index on (email_hash, time) reads one email's events newest first.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('auth_events').addColumn('email_hash', 'text').execute();
  await db.schema
    .createIndex('auth_events_email_hash_time')
    .on('auth_events')
    .columns(['email_hash', 'time'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('auth_events_email_hash_time').execute();
  await db.schema.alterTable('auth_events').dropColumn('email_hash').execute();
}
