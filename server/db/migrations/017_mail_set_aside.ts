import type { Kysely } from 'kysely';

// A mail row that can never be sent is set aside rather than retried forever: kept, with when,
// for an operator (its `available_at` moves out of every claim's reach).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_queue').addColumn('set_aside_at', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_queue').dropColumn('set_aside_at').execute();
}
