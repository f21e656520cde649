import type { Kysely } from 'kysely';

// When the flow an event completes began, so the funnel measures its length from one row:
// `auth_events.started_at` (Unix ms) is, on an accepted activation, when the email's first waiting
// sign-up was made, and on an accepted reset, when the code it used was asked for (null on every
// other event, and on those written before). A sign-up's event still names no account: what links
// it to its activation is this time, not an id. `account_codes.requested_at` (Unix ms) is when the
// request that made a reset code was sent (the worker writes the code a moment later). An index
// on (event, time) finds one kind of event in a period (the funnel's steps) without the rest.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('auth_events').addColumn('started_at', 'bigint').execute();
  await db.schema.alterTable('account_codes').addColumn('requested_at', 'bigint').execute();
  await db.schema
    .createIndex('auth_events_event_time')
    .on('auth_events')
    .columns(['event', 'time'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('auth_events_event_time').execute();
  await db.schema.alterTable('account_codes').dropColumn('requested_at').execute();
  await db.schema.alterTable('auth_events').dropColumn('started_at').execute();
}
