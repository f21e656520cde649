import { PostgresAdapter, sql, type Kysely } from 'kysely';

// PostgreSQL tells every server process when a session ends or its user changes (one NOTIFY per
// row, sent at commit), so a process may keep live sessions in memory and stay exact
// (server/auth/session-cache.ts). The payload names the schema: several databases may share one
// server's channel. SQLite has a single process per file and no cache: nothing to do.
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create function accounts_session_ended() returns trigger language plpgsql as $$
    begin
      perform pg_notify('accounts_sessions', tg_table_schema || ' s ' || old.token_hash);
      return null;
    end $$`.execute(db);
  await sql`create trigger sessions_ended after delete on sessions
    for each row execute function accounts_session_ended()`.execute(db);
  await sql`create function accounts_user_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('accounts_sessions', tg_table_schema || ' u ' || old.id);
      return null;
    end $$`.execute(db);
  await sql`create trigger users_changed after update of id, name, email or delete on users
    for each row execute function accounts_user_changed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop trigger users_changed on users`.execute(db);
  await sql`drop function accounts_user_changed()`.execute(db);
  await sql`drop trigger sessions_ended on sessions`.execute(db);
  await sql`drop function accounts_session_ended()`.execute(db);
}
