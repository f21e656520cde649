import type { Kysely } from 'kysely';

// Operators and locked accounts. `users.operator_at`: when the server's command line made the user
// an operator (null: not one). `users.locked_at`: when an operator locked the account (null: not
// locked); a locked account opens no session. `sessions.confirmed_by`: how the session's last
// confirmation was made (`password`, `second-factor`, `passkey`), as the operator API takes only
// the last two. `auth_events.operator_id`: the operator who acted, on an operator's action's row;
// no foreign key, so the row outlives an operator's account. An index finds the events of a
// client address (the operator types it; the record keeps its keyed hash).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('operator_at', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('locked_at', 'bigint').execute();
  await db.schema.alterTable('sessions').addColumn('confirmed_by', 'text').execute();
  await db.schema.alterTable('auth_events').addColumn('operator_id', 'text').execute();
  await db.schema
    .createIndex('auth_events_address_hash')
    .on('auth_events')
    .columns(['address_hash', 'time'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('auth_events_address_hash').execute();
  await db.schema.alterTable('auth_events').dropColumn('operator_id').execute();
  await db.schema.alterTable('sessions').dropColumn('confirmed_by').execute();
  await db.schema.alterTable('users').dropColumn('locked_at').execute();
  await db.schema.alterTable('users').dropColumn('operator_at').execute();
}
