// Deleting a user deletes its rows by the foreign keys the migrations declare, on both engines:
// every table that holds a user's rows names `users` with ON DELETE CASCADE, and SQLite enforces
// foreign keys on the connection the server opens (the pragma is off by default, per connection).
import { sql, type Kysely } from 'kysely';

import { testConfig } from '../../testing/server/config';
import { ENGINES } from '../../testing/server/engines';
import { openDatabase, sqliteConnectionOf } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';

/** Tables with a `user_id` that are not the user's own rows: kept or deleted by rules of their own. */
const NOT_OWNED = {
  // Its rows also go by the log id they share with the user's (repo/auth-events.ts), and an event
  // may name a user the same moment deletes.
  auth_events: 'deleted by deleteUserAuthEvents',
};

interface ForeignKey {
  table: string;
  column: string;
  target: string;
  onDelete: string;
}

async function userIdTables(db: Kysely<Database>, schema: string | undefined): Promise<string[]> {
  if (schema === undefined) {
    const { rows } = await sql<{ name: string }>`
      select m.name from sqlite_master m join pragma_table_info(m.name) c
      where m.type = 'table' and c.name = 'user_id' order by m.name`.execute(db);
    return rows.map((row) => row.name);
  }
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.columns
    where table_schema = ${schema} and column_name = 'user_id' order by table_name`.execute(db);
  return rows.map((row) => row.name);
}

async function foreignKeys(
  db: Kysely<Database>,
  schema: string | undefined,
): Promise<ForeignKey[]> {
  if (schema === undefined) {
    const { rows } = await sql<{ table: string; from: string; target: string; on_delete: string }>`
      select m.name as "table", f."from", f."table" as target, f.on_delete
      from sqlite_master m join pragma_foreign_key_list(m.name) f
      where m.type = 'table'`.execute(db);
    return rows.map((row) => ({
      table: row.table,
      column: row.from,
      target: row.target,
      onDelete: row.on_delete.toLowerCase(),
    }));
  }
  const { rows } = await sql<{ table: string; column: string; target: string; action: string }>`
    select c.conrelid::regclass::text as "table", a.attname as "column",
      c.confrelid::regclass::text as target, c.confdeltype as action
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
    where c.contype = 'f' and c.connamespace = ${schema}::regnamespace`.execute(db);
  return rows.map((row) => ({
    table: row.table.replace(/^.*\./, ''),
    column: row.column,
    target: row.target.replace(/^.*\./, ''),
    onDelete: row.action === 'c' ? 'cascade' : row.action,
  }));
}

describe.each(ENGINES)('the user cascade (%s)', (_name, engine) => {
  let db: Kysely<Database>;
  let schema: string | undefined;
  let tearDown: () => Promise<void>;

  beforeAll(async () => {
    const place = await engine.setUp();
    tearDown = place.tearDown;
    const config = testConfig(place.dataDir, place.env);
    schema = config.database.kind === 'postgres' ? config.database.schema : undefined;
    db = await openDatabase(config.database);
    await migrateToLatest(db, schema);
  });

  afterAll(async () => {
    await db.destroy();
    await tearDown();
  });

  it('declares ON DELETE CASCADE to users on every table of a user’s rows', async () => {
    const tables = (await userIdTables(db, schema)).filter((table) => !(table in NOT_OWNED));
    const keys = await foreignKeys(db, schema);
    const cascading = keys
      .filter((key) => key.column === 'user_id' && key.target === 'users')
      .filter((key) => key.onDelete === 'cascade')
      .map((key) => key.table);
    expect(tables.length).toBeGreaterThanOrEqual(12);
    expect(tables.filter((table) => !cascading.includes(table))).toEqual([]);
  });

  it('deletes a user’s rows when the user row goes, and no one else’s', async () => {
    const user = (id: string) => ({
      id,
      email: `${id}@example.com`,
      name: id,
      password_hash: 'not-a-hash',
      activated_at: 1,
      created_at: '2027-01-15T08:00:00.000Z',
    });
    await db
      .insertInto('users')
      .values([user('gone'), user('kept')])
      .execute();
    for (const id of ['gone', 'kept']) {
      await db
        .insertInto('sessions')
        .values({ token_hash: `t-${id}`, user_id: id, expires_at: 2, created_at: 1, id: `s-${id}` })
        .execute();
    }
    await db.deleteFrom('users').where('id', '=', 'gone').execute();
    const left = await db.selectFrom('sessions').select('user_id').execute();
    expect(left).toEqual([{ user_id: 'kept' }]);
  });

  if (engine.name === 'SQLite') {
    it('enforces foreign keys on the connection the server opens', () => {
      expect(sqliteConnectionOf(db)?.pragma('foreign_keys', { simple: true })).toBe(1);
    });
  }
});
