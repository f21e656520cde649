// What the suites that call the repository functions directly start from: a migrated database of
// their own, and its rows.
import type { Kysely } from 'kysely';

import { openDatabase } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import type { Database } from '../../server/db/schema';

import { testConfig } from './config';
import { postgres } from './engines';

/** A migrated PostgreSQL schema of its own; `tearDown` removes it once `db` is destroyed. */
export async function migratedPostgres() {
  const place = await postgres.setUp();
  const config = testConfig(place.dataDir, place.env);
  if (config.database.kind !== 'postgres') throw new Error('PostgreSQL expected');
  const schema = config.database.schema ?? 'public';
  const db = await openDatabase(config.database);
  await migrateToLatest(db, schema);
  return { db, schema, database: config.database, tearDown: place.tearDown };
}

/** Ada, account u1, activated at `activatedAt`; her password hash is a placeholder. */
export async function addAda(db: Kysely<Database>, activatedAt: number): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: 'u1',
      email: 'ada@example.com',
      name: 'Ada',
      password_hash: 'not-a-hash',
      activated_at: activatedAt,
      created_at: '2027-01-15T08:00:00.000Z',
    })
    .execute();
}
