import { randomBytes } from 'node:crypto';

import type { Kysely } from 'kysely';

// A second factor (an authenticator app's codes, TOTP): per user its secret, encrypted at rest
// with AES-256-GCM (server/auth/second-factor.ts), whether it is on, and the last time step
// accepted, so no code is accepted twice; ten single-use recovery codes, as SHA-256; and the logins
// waiting for their second step (their token as SHA-256). Each session says how it was opened.
// Without SECRET_KEY (outside production), the key is this deployment's own, made once here.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('second_factors')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enabled_at', 'bigint')
    .addColumn('last_step', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('recovery_codes')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('recovery_codes_pk', ['user_id', 'code_hash'])
    .execute();
  await db.schema
    .createTable('pending_logins')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pending_logins_user_id')
    .on('pending_logins')
    .column('user_id')
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('opened_by', 'text', (c) => c.notNull().defaultTo('password'))
    .execute();
  await db
    .insertInto('server_secrets')
    .values({ name: 'second-factor-key', value: randomBytes(32).toString('base64url') })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('server_secrets').where('name', '=', 'second-factor-key').execute();
  await db.schema.alterTable('sessions').dropColumn('opened_by').execute();
  await db.schema.dropTable('pending_logins').execute();
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropTable('second_factors').execute();
}
