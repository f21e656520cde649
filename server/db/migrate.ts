import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';

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
};

const provider: MigrationProvider = {
  getMigrations: async () => migrations,
};

/**
 * `schema` must be given when one is configured: Kysely otherwise takes its bookkeeping tables in
 * any other schema of the database for its own.
 */
export async function migrateToLatest<DB>(db: Kysely<DB>, schema?: string): Promise<void> {
  const migrator = new Migrator({ db, provider, migrationTableSchema: schema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${String(error)}`);
  }
}
