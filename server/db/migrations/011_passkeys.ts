import type { Kysely } from 'kysely';

// Passkeys (WebAuthn): per user its credentials (the id the browser names it by, unique across
// accounts; its public key as COSE; the signature counter; how it is reached; a name the user
// gives it; whether it is synced), and the challenges handed out and not yet answered. A challenge
// is kept as SHA-256 only, lives five minutes and is used once: a conditional delete takes it, so
// of two requests with one challenge only one goes on. A registration's challenge belongs to the
// session that asked (its token's hash); a sign-in's to whoever answers it first.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull())
    .addColumn('transports', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('device_type', 'text', (c) => c.notNull())
    .addColumn('backed_up', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema.createIndex('passkeys_user_id').on('passkeys').column('user_id').execute();
  await db.schema
    .createTable('passkey_challenges')
    .addColumn('challenge_hash', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('session_hash', 'text')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('passkey_challenges_expires_at')
    .on('passkey_challenges')
    .column('expires_at')
    .execute();
  await db.schema
    .createIndex('passkey_challenges_user_id')
    .on('passkey_challenges')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('passkey_challenges').execute();
  await db.schema.dropTable('passkeys').execute();
}
