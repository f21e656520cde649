import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';

import * as initial from './migrations/001_initial';
import * as registrations from './migrations/002_registrations_and_limits';

// Listed in code rather than read from a folder, so they run the same under tsx, jest and a bundle.
const migrations: Record<string, Migration> = {
  '001_initial': initial,
  '002_registrations_and_limits': registrations,
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
