import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Each upload gets an index, worked out once as it is stored (contract/action-log-index.ts), so
// questions across many logs read columns rather than fold every log again. An upload is tied to
// every user id it holds (the uploader's, and any signed in during the log, also one sent after
// logging out): `action_log_users`, and deleting any of those users deletes the upload, whatever
// deletes the user (a trigger on the link, fired by the link's cascade; 016 moves it to users).
// The uploads kept before are indexed by the server as it starts (016's index_version).
export async function up(db: Kysely<any>): Promise<void> {
  for (const [column, type] of [
    ['started_at', 'bigint'],
    ['duration_ms', 'bigint'],
    ['app_version', 'text'],
    ['locale', 'text'],
    ['device', 'text'],
    ['signed_in', 'integer'],
    ['last_path', 'text'],
    ['failure_codes', 'text'],
    ['reloads', 'integer'],
    ['summary', 'text'],
  ] as const) {
    await db.schema.alterTable('action_logs').addColumn(column, type).execute();
  }
  await db.schema
    .createIndex('action_logs_started_at')
    .on('action_logs')
    .column('started_at')
    .execute();
  await db.schema
    .createTable('action_log_users')
    .addColumn('reference', 'text', (c) =>
      c.notNull().references('action_logs.reference').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('action_log_users_pk', ['reference', 'user_id'])
    .execute();
  await db.schema
    .createIndex('action_log_users_user_id')
    .on('action_log_users')
    .column('user_id')
    .execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function accounts_action_log_user_gone() returns trigger language plpgsql as $$
      begin
        delete from action_logs where reference = old.reference;
        return null;
      end $$`.execute(db);
    await sql`create trigger action_log_users_gone after delete on action_log_users
      for each row execute function accounts_action_log_user_gone()`.execute(db);
  } else {
    await sql`create trigger action_log_users_gone after delete on action_log_users
      begin
        delete from action_logs where reference = old.reference;
      end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('action_log_users').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop function accounts_action_log_user_gone()`.execute(db);
  }
  await db.schema.dropIndex('action_logs_started_at').execute();
  for (const column of [
    'started_at',
    'duration_ms',
    'app_version',
    'locale',
    'device',
    'signed_in',
    'last_path',
    'failure_codes',
    'reloads',
    'summary',
  ]) {
    await db.schema.alterTable('action_logs').dropColumn(column).execute();
  }
}
