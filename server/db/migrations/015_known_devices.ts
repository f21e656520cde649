import type { Kysely } from 'kysely';

// The devices each account has been signed in to from, as its owner would name them (a browser on
// a system: `Chrome|Android`), and when last: a session opened on one the account has not used
// before mails its owner.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('known_devices')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('known_devices_pkey', ['user_id', 'device'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('known_devices').execute();
}
