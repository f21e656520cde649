import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Every verify may write its session's `last_used_at` (at most once per interval). That column is
// in none of the table's indexes (the token_hash key, user_id, id, expires_at), so PostgreSQL can
// update the row in place on its own page (a heap-only tuple) and leave every index untouched:
// but only when the page has room for the new row version. At the default fillfactor (100) a page
// filled by inserts has none, and each first update writes the row to another page plus an entry
// in all four indexes. Keeping a fifth of each page free makes those updates heap-only: measured
// on a million sessions, 40–96 µs a use became 21–26 µs (bench/README.md, scale). New pages keep
// the room at once; pages written before gain it as the sweeper removes ended sessions. No
// rewrite of the table here (`VACUUM FULL` would lock it for the whole copy). SQLite updates rows
// in place in its b-tree: nothing to do.
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table sessions set (fillfactor = 80)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table sessions reset (fillfactor)`.execute(db);
}
