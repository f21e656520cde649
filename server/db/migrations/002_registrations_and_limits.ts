import type { Kysely } from 'kysely';

// Every later sign-up for a not-yet-activated email keeps its own password: activation picks the
// one that matches, so a stranger's sign-up never sets the owner's password.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('registrations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('registrations_user_id')
    .on('registrations')
    .column('user_id')
    .execute();

  // Request counters (rate-limiter-flexible's SQLite and PostgreSQL stores read this shape);
  // expire is in Unix milliseconds.
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire', 'bigint')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
  await db.schema.dropTable('registrations').execute();
}
