import type { Kysely } from 'kysely';

// The sweeper finds what has ended by time: an index on each table's end, so a batch reads only
// the rows it deletes however large the table.
const INDEXES = [
  ['sessions_expires_at', 'sessions', 'expires_at'],
  ['activation_codes_expires_at', 'activation_codes', 'expires_at'],
  ['account_codes_expires_at', 'account_codes', 'expires_at'],
  ['registrations_created_at', 'registrations', 'created_at'],
  ['rate_limits_expire', 'rate_limits', 'expire'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, column] of INDEXES) {
    await db.schema.createIndex(name).on(table).column(column).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
