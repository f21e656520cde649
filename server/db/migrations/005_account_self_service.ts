import { randomBytes } from 'node:crypto';

import { sql, type Kysely } from 'kysely';

// One-time codes for a password reset and an email change (stored as HMAC like activation
// codes, one live code per user and purpose), and what the session list shows: a public id that is
// not the token, when the session was last used, and the browser that opened it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('account_codes')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('salt', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('new_email', 'text')
    .addPrimaryKeyConstraint('account_codes_pk', ['user_id', 'purpose'])
    .execute();

  await db.schema.alterTable('sessions').addColumn('id', 'text').execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('last_used_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // Sessions opened before: a random id each, and "last used" when they were opened.
  const { rows } = await sql<{ token_hash: string }>`select token_hash from sessions`.execute(db);
  for (const { token_hash: tokenHash } of rows) {
    const id = randomBytes(16).toString('base64url');
    await sql`update sessions set id = ${id}, last_used_at = created_at where token_hash = ${tokenHash}`.execute(
      db,
    );
  }
  await db.schema.createIndex('sessions_id').on('sessions').column('id').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sessions_id').execute();
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
  await db.schema.alterTable('sessions').dropColumn('last_used_at').execute();
  await db.schema.alterTable('sessions').dropColumn('id').execute();
  await db.schema.dropTable('account_codes').execute();
}
