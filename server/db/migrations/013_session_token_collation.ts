import { PostgresAdapter, sql, type Kysely } from 'kysely';

// A session's key is the hex SHA-256 of its token: compared only for equality, never shown in any
// order. Under a database's usual collation (`en_US.UTF-8`, or `C.UTF-8` as here, both through the
// C library) every comparison in the key's b-tree calls `strcoll` on copies of both strings; with
// `COLLATE "C"` it is a `memcmp`. Each verify that memory does not answer descends that index once
// to read its session, and once more when its use is written. Measured on a million sessions
// (bench/README.md, scale): 15 against 16 us a lookup in psql, and about 2 us less of PostgreSQL's
// CPU a verify under load. Changing a text column's collation rewrites no rows; PostgreSQL
// rebuilds the key's index, holding a lock on the table meanwhile (under a second for a million
// sessions here). SQLite compares text as bytes already.
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table sessions alter column token_hash type text collate "C"`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table sessions alter column token_hash type text collate "default"`.execute(db);
}
