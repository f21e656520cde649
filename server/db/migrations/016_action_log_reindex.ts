import { PostgresAdapter, sql, type Kysely } from 'kysely';

// The uploads' index gets a version (`index_version`): each upload whose index is of an earlier
// version is indexed again by the server as it starts, and by `npm run replay` before it counts
// (server/repo/action-logs.ts, reindexActionLogs), with the code of that time. Every upload kept
// so far has version 0: its failures were codes without their endpoint, and it was tied to every
// user id it named. Indexing happens outside this migration, which holds only the schema and
// plain SQL: a migration must keep working when the application's code changes.
//
// The log's text moves to a table of its own (`action_log_bodies`): in SQLite a row's columns
// after a long text are read by walking that text's overflow pages, so reading the index of
// 10,000 uploads read every log through. What --list and --stats read is now a narrow row.
//
// An upload is now tied only to accounts the server itself saw send or use it, and indexing it
// again may untie an account; so deleting a link no longer deletes the upload. Deleting a user
// does, whatever deletes the user: a trigger on users, before the row goes, in place of 008's
// trigger on the link.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('action_log_bodies')
    .addColumn('reference', 'text', (c) =>
      c.primaryKey().references('action_logs.reference').onDelete('cascade'),
    )
    .addColumn('body', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into action_log_bodies (reference, body)
    select reference, body from action_logs`.execute(db);
  // Emptied first: dropping the column then rewrites narrow rows only.
  await sql`update action_logs set body = ''`.execute(db);
  await db.schema.alterTable('action_logs').dropColumn('body').execute();
  await db.schema
    .alterTable('action_logs')
    .addColumn('index_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('action_logs_index_version')
    .on('action_logs')
    .column('index_version')
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger action_log_users_gone on action_log_users`.execute(db);
    await sql`drop function accounts_action_log_user_gone()`.execute(db);
    await sql`create function accounts_action_logs_of_user_gone() returns trigger language plpgsql as $$
      begin
        delete from action_logs where reference in
          (select reference from action_log_users where user_id = old.id);
        return old;
      end $$`.execute(db);
    await sql`create trigger action_logs_of_user_gone before delete on users
      for each row execute function accounts_action_logs_of_user_gone()`.execute(db);
  } else {
    await sql`drop trigger action_log_users_gone`.execute(db);
    await sql`create trigger action_logs_of_user_gone before delete on users
      begin
        delete from action_logs where reference in
          (select reference from action_log_users where user_id = old.id);
      end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger action_logs_of_user_gone on users`.execute(db);
    await sql`drop function accounts_action_logs_of_user_gone()`.execute(db);
    await sql`create function accounts_action_log_user_gone() returns trigger language plpgsql as $$
      begin
        delete from action_logs where reference = old.reference;
        return null;
      end $$`.execute(db);
    await sql`create trigger action_log_users_gone after delete on action_log_users
      for each row execute function accounts_action_log_user_gone()`.execute(db);
  } else {
    await sql`drop trigger action_logs_of_user_gone`.execute(db);
    await sql`create trigger action_log_users_gone after delete on action_log_users
      begin
        delete from action_logs where reference = old.reference;
      end`.execute(db);
  }
  await db.schema.dropIndex('action_logs_index_version').execute();
  await db.schema.alterTable('action_logs').dropColumn('index_version').execute();
  await db.schema
    .alterTable('action_logs')
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update action_logs set body = (select body from action_log_bodies
    where action_log_bodies.reference = action_logs.reference)`.execute(db);
  await db.schema.dropTable('action_log_bodies').execute();
}
