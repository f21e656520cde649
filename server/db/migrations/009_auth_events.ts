import { randomBytes } from 'node:crypto';

import type { Kysely } from 'kysely';

// What the server decided on each account request (server/auth/auth-event-queries.ts): one row per
// request, written with the decision, so an analyst can join an uploaded log with the server's
// side of it by log id and request id. No secret is ever stored; the client address only as an
// HMAC whose key is this deployment's own (`server_secrets`, made once here).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('auth_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('code', 'text')
    .addColumn('limit_name', 'text')
    .addColumn('limit_left', 'integer')
    .addColumn('limit_points', 'integer')
    .addColumn('user_id', 'text')
    .addColumn('session_id', 'text')
    .addColumn('address_hash', 'text', (c) => c.notNull())
    .addColumn('log_id', 'text')
    .addColumn('request_id', 'text')
    .execute();
  for (const column of ['time', 'user_id', 'log_id'] as const) {
    await db.schema.createIndex(`auth_events_${column}`).on('auth_events').column(column).execute();
  }
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await db
    .insertInto('server_secrets')
    .values({ name: 'address-hmac', value: randomBytes(32).toString('base64url') })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('server_secrets').execute();
  await db.schema.dropTable('auth_events').execute();
}
