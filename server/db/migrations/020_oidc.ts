import type { Kysely } from 'kysely';

// Signing in with an OpenID Connect provider. `oidc_identities`: an identity at a provider (its
// issuer and subject, unique) belongs to one account; the email the provider gave when it was
// connected, for the account page. `oidc_flows`: a flow started and not yet finished, keyed by
// SHA-256 of its `state`, bound to the browser by SHA-256 of its cookie (the nonce and the PKCE
// verifier are derived from that cookie, so no secret of the flow is stored); its intent, return
// path, and for `connect` and `confirm` the account and session (token hash) that started it;
// `called_back_at` makes the callback single use; the handoff (SHA-256), its expiry and the
// identity the ID token named wait for the app's `complete`, which takes them once.
// `pending_logins.opened_by`: what a second step opens the session as (`provider:<id>` after a
// provider; null: a password). A password-less account keeps `users.password_hash = ''`, which
// no password matches (server/auth/passwords.ts): no change to that column.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('oidc_identities')
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('oidc_identities_pkey', ['issuer', 'subject'])
    .execute();
  await db.schema
    .createIndex('oidc_identities_user_id')
    .on('oidc_identities')
    .column('user_id')
    .execute();
  await db.schema
    .createTable('oidc_flows')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('intent', 'text', (c) => c.notNull())
    .addColumn('return_to', 'text')
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('session_hash', 'text')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('called_back_at', 'bigint')
    .addColumn('handoff_hash', 'text', (c) => c.unique())
    .addColumn('handoff_expires_at', 'bigint')
    .addColumn('issuer', 'text')
    .addColumn('subject', 'text')
    .addColumn('email', 'text')
    .addColumn('email_verified', 'integer')
    .addColumn('name', 'text')
    .execute();
  await db.schema
    .createIndex('oidc_flows_expires_at')
    .on('oidc_flows')
    .column('expires_at')
    .execute();
  await db.schema.createIndex('oidc_flows_user_id').on('oidc_flows').column('user_id').execute();
  await db.schema.alterTable('pending_logins').addColumn('opened_by', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('pending_logins').dropColumn('opened_by').execute();
  await db.schema.dropTable('oidc_flows').execute();
  await db.schema.dropTable('oidc_identities').execute();
}
