// The migrations, in order, and how they run: under a lock, so that servers starting at once on an
// empty database or schema (several replicas, a deploy that starts them together) apply each one
// once and all come up. On PostgreSQL the lock is an advisory lock per schema, held by the one
// connection that creates the schema when it is missing and runs the migrations; on SQLite it is
// the write lock of the one transaction they run in (db/connect.ts).
import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';

import type { Config } from '../config';
import { sqliteConnectionOf, SQLITE_BUSY_TIMEOUT_MS } from './connect';
import * as initial from './migrations/001_initial';
import * as registrations from './migrations/002_registrations_and_limits';
import * as mailQueue from './migrations/003_mail_queue';
import * as actionLogs from './migrations/004_action_logs';
import * as selfService from './migrations/005_account_self_service';
import * as sweepIndexes from './migrations/006_sweep_indexes';
import * as sessionNotifications from './migrations/007_session_notifications';
import * as actionLogIndex from './migrations/008_action_log_index';
import * as authEvents from './migrations/009_auth_events';
import * as secondFactor from './migrations/010_second_factor';
import * as passkeys from './migrations/011_passkeys';
import * as sessionFillfactor from './migrations/012_session_fillfactor';
import * as sessionTokenCollation from './migrations/013_session_token_collation';
import * as pendingSignups from './migrations/014_pending_signups';
import * as knownDevices from './migrations/015_known_devices';
import * as actionLogReindex from './migrations/016_action_log_reindex';
import * as mailSetAside from './migrations/017_mail_set_aside';
import * as sessionConfirmation from './migrations/018_session_confirmation';
import * as operators from './migrations/019_operators';
import * as oidc from './migrations/020_oidc';
import * as funnelStarts from './migrations/021_funnel_starts';
import * as authEventEmails from './migrations/022_auth_event_emails';
import type { Database } from './schema';

// Listed in code rather than read from a folder, so they run the same under tsx, jest and a bundle.
const migrations: Record<string, Migration> = {
  '001_initial': initial,
  '002_registrations_and_limits': registrations,
  '003_mail_queue': mailQueue,
  '004_action_logs': actionLogs,
  '005_account_self_service': selfService,
  '006_sweep_indexes': sweepIndexes,
  '007_session_notifications': sessionNotifications,
  '008_action_log_index': actionLogIndex,
  '009_auth_events': authEvents,
  '010_second_factor': secondFactor,
  '011_passkeys': passkeys,
  '012_session_fillfactor': sessionFillfactor,
  '013_session_token_collation': sessionTokenCollation,
  '014_pending_signups': pendingSignups,
  '015_known_devices': knownDevices,
  '016_action_log_reindex': actionLogReindex,
  '017_mail_set_aside': mailSetAside,
  '018_session_confirmation': sessionConfirmation,
  '019_operators': operators,
  '020_oidc': oidc,
  '021_funnel_starts': funnelStarts,
  '022_auth_event_emails': authEventEmails,
};

const provider: MigrationProvider = {
  getMigrations: async () => migrations,
};

/** The advisory lock's first key (the second is the schema's): "accounts" in ASCII. */
const LOCK_KEY = 0x61636374;
/** How long a SQLite start waits for another process's migrations to end. */
const SQLITE_LOCK_WAIT_MS = 10 * 60 * 1000;

/**
 * `schema` must be given when one is configured: Kysely otherwise takes its bookkeeping tables in
 * any other schema of the database for its own.
 */
function migratorFor<DB>(db: Kysely<DB>, schema: string | undefined): Migrator {
  return new Migrator({ db, provider, migrationTableSchema: schema });
}

/** The names of the migrations not applied yet, in order; reads only. */
export async function pendingMigrations<DB>(db: Kysely<DB>, schema?: string): Promise<string[]> {
  const all = await migratorFor(db, schema).getMigrations();
  return all.filter((migration) => migration.executedAt === undefined).map(({ name }) => name);
}

/** Undoes the newest migration applied (its `down`): the database of the version before it. */
export async function undoLastMigration<DB>(db: Kysely<DB>, schema?: string): Promise<void> {
  const { error } = await migratorFor(db, schema).migrateDown();
  if (error) throw new Error(`Undoing the last migration failed: ${String(error)}`);
}

/** Every migration, in order. */
export const MIGRATION_NAMES = Object.keys(migrations);

/**
 * Runs `work` while holding the migration lock, on the one connection that holds it (PostgreSQL),
 * or with SQLite's wait for the write lock stretched to the length of another's migrations.
 */
async function withMigrationLock<DB, T>(
  db: Kysely<DB>,
  schema: string | undefined,
  work: (db: Kysely<DB>) => Promise<T>,
): Promise<T> {
  const sqlite = sqliteConnectionOf(db as unknown as Kysely<Database>);
  if (sqlite) {
    sqlite.pragma(`busy_timeout = ${SQLITE_LOCK_WAIT_MS}`);
    try {
      return await work(db);
    } finally {
      sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    }
  }
  const name = schema ?? 'public';
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${LOCK_KEY}, hashtext(${name}))`.execute(connection);
    try {
      // Created only when missing: `create schema if not exists` asks for the right to create
      // even where the schema exists, and alone (without the lock) it races another start's.
      const exists = await sql`select 1 from pg_namespace where nspname = ${name}`.execute(
        connection,
      );
      if (exists.rows.length === 0) {
        await sql`create schema ${sql.id(name)}`.execute(connection);
      }
      return await work(connection);
    } finally {
      await sql`select pg_advisory_unlock(${LOCK_KEY}, hashtext(${name}))`.execute(connection);
    }
  });
}

/** Applies the pending migrations under the lock; returns the names it applied, in order. */
export async function migrateToLatest<DB>(db: Kysely<DB>, schema?: string): Promise<string[]> {
  return withMigrationLock(db, schema, async (locked) => {
    const { error, results } = await migratorFor(locked, schema).migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed) {
      const name = failed ? ` (${failed.migrationName})` : '';
      throw new Error(`Database migration failed${name}: ${String(error)}`);
    }
    return (results ?? []).map((result) => result.migrationName);
  });
}

/**
 * What a server start does: applies the pending migrations (MIGRATE_ON_START, the default), or,
 * when they are a step of their own, refuses a database behind them. Returns what it applied.
 */
export async function migrateAtStart<DB>(db: Kysely<DB>, config: Config): Promise<string[]> {
  const schema = config.database.kind === 'postgres' ? config.database.schema : undefined;
  if (config.migrateOnStart) return migrateToLatest(db, schema);
  const pending = await pendingMigrations(db, schema);
  if (pending.length > 0) {
    throw new Error(
      `the database is behind this server by ${pending.length} migration(s) (${pending.join(', ')}), and MIGRATE_ON_START=false: run \`npm run migrate\` (or \`node build/server.js migrate\`) first.`,
    );
  }
  return [];
}
