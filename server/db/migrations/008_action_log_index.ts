import { PostgresAdapter, sql, type Kysely } from 'kysely';

import { decodeLog } from '../../../contract/action-log';
import { indexLog } from '../../../contract/action-log-index';
import { indexColumns } from '../../repo/action-logs';

// Each upload gets an index, worked out once as it is stored (contract/action-log-index.ts), so
// questions across many logs read columns rather than fold every log again. An upload is tied to
// every user id it holds (the uploader's, and any signed in during the log, also one sent after
// logging out): `action_log_users`, and deleting any of those users deletes the upload, whatever
// deletes the user (a trigger on the link, fired by the link's cascade).
export async function up(db: Kysely<unknown>): Promise<void> {
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

  // The uploads already kept get their index and links too, a few at a time.
  const kept = db as unknown as Kysely<{
    action_logs: { reference: string; user_id: string | null; body: string };
    action_log_users: { reference: string; user_id: string };
    users: { id: string };
  }>;
  let after = '';
  for (;;) {
    const rows = await kept
      .selectFrom('action_logs')
      .select(['reference', 'user_id', 'body'])
      .where('reference', '>', after)
      .orderBy('reference')
      .limit(20)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      let index;
      try {
        index = indexLog(decodeLog(row.body));
      } catch {
        continue;
      }
      await db
        .updateTable('action_logs' as never)
        .set(indexColumns(index, null) as never)
        .where('reference' as never, '=', row.reference as never)
        .execute();
      const ids = [...new Set([...index.userIds, ...(row.user_id ? [row.user_id] : [])])];
      if (ids.length === 0) continue;
      const known = await kept.selectFrom('users').select('id').where('id', 'in', ids).execute();
      if (known.length === 0) continue;
      await kept
        .insertInto('action_log_users')
        .values(known.map(({ id }) => ({ reference: row.reference, user_id: id })))
        .execute();
    }
    after = rows.at(-1)!.reference;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
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
