import { sql, type Kysely } from 'kysely';

// Every sign-up as its request stored it, by email: what a login with its password finds (and
// answers ACCOUNT_NOT_ACTIVATED) from the moment the 201 leaves, whatever the mail worker later
// makes of it, and whether or not the email already had an account. A pending account's password
// moves here, so a login reads a pending sign-up's password from one place.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pending_signups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('address_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pending_signups_email')
    .on('pending_signups')
    .columns(['email', 'created_at'])
    .execute();
  // The sign-ups stored before: each pending account's first one, from no known address.
  await sql`insert into pending_signups (id, email, password_hash, address_hash, created_at)
    select id, email, password_hash, '', 0 from users where activated_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pending_signups').execute();
}
