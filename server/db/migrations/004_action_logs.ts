import type { Kysely } from 'kysely';

// Activity logs sent to support. An upload made while signed in belongs to that user: deleting
// the account deletes it. Uploads are deleted after 30 days in any case (routes/action-logs.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('action_logs')
    .addColumn('reference', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('action_logs_created_at')
    .on('action_logs')
    .column('created_at')
    .execute();
  await db.schema.createIndex('action_logs_user_id').on('action_logs').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('action_logs').execute();
}
