// Operators and locked accounts (migration 019): who may use the operator API (granted and revoked
// from the command line only), which accounts are locked, and how a session's last confirmation
// was made. The operator API's reads of a user live here too.
import { sql, type Kysely } from 'kysely';

import { WAYS_IN } from '../../contract/endpoints';

import type { Database, SessionConfirmer } from '../db/schema';

export interface OperatorRow {
  id: string;
  email: string;
  name: string;
  operator_at: number;
}

/** Makes the account of `email` an operator; false when no activated account has it. */
export async function grantOperator(
  db: Kysely<Database>,
  email: string,
  now: number,
): Promise<'granted' | 'already' | 'unknown'> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'operator_at'])
    .where('email', '=', email)
    .where('activated_at', 'is not', null)
    .executeTakeFirst();
  if (!user) return 'unknown';
  if (user.operator_at !== null) return 'already';
  await db.updateTable('users').set({ operator_at: now }).where('id', '=', user.id).execute();
  return 'granted';
}

/** The account of `email` is no operator any more; false when it was none. */
export async function revokeOperator(db: Kysely<Database>, email: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ operator_at: null })
    .where('email', '=', email)
    .where('operator_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function listOperators(db: Kysely<Database>): Promise<OperatorRow[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'operator_at'])
    .where('operator_at', 'is not', null)
    .orderBy('email')
    .execute();
  return rows.map((row) => ({ ...row, operator_at: Number(row.operator_at) }));
}

/** Locks (a time) or unlocks (null) the account; false when it already was so. */
export async function setLocked(
  db: Kysely<Database>,
  userId: string,
  lockedAt: number | null,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ locked_at: lockedAt })
    .where('id', '=', userId)
    .where('locked_at', lockedAt === null ? 'is not' : 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Notes how the session's confirmation was made, beside its `confirmed_until`. */
export async function noteConfirmationMethod(
  db: Kysely<Database>,
  tokenHash: string,
  by: SessionConfirmer,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ confirmed_by: by })
    .where('token_hash', '=', tokenHash)
    .execute();
}

export async function isOperator(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('operator_at')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row !== undefined && row.operator_at !== null;
}

/** The session's confirmation: until when and how; null when it never was. */
export async function sessionConfirmation(db: Kysely<Database>, tokenHash: string) {
  const row = await db
    .selectFrom('sessions')
    .select(['confirmed_until', 'confirmed_by'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row?.confirmed_until ? { until: row.confirmed_until, by: row.confirmed_by } : null;
}

const USER_COLUMNS = ['id', 'email', 'name', 'created_at', 'activated_at', 'locked_at'] as const;

/** Users whose email starts with `prefix` (LIKE's wildcards taken literally), or of one id. */
export function findUsers(
  db: Kysely<Database>,
  by: { emailPrefix?: string; id?: string },
  max: number,
) {
  let query = db.selectFrom('users').select(USER_COLUMNS).orderBy('email').limit(max);
  if (by.id !== undefined) query = query.where('id', '=', by.id);
  if (by.emailPrefix !== undefined) {
    const escaped = by.emailPrefix.replace(/[\\%_]/g, (c) => `\\${c}`);
    query = query.where(sql<boolean>`email like ${`${escaped}%`} escape '\\'`);
  }
  return query.execute();
}

export function findUserRow(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('users')
    .select([...USER_COLUMNS, 'operator_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** When the user last signed in, as the record says (Unix ms), or null. */
export async function lastSignIn(db: Kysely<Database>, userId: string): Promise<number | null> {
  const row = await db
    .selectFrom('auth_events')
    .select((eb) => eb.fn.max('time').as('time'))
    .where('user_id', '=', userId)
    .where('outcome', '=', 'accepted')
    .where('session_id', 'is not', null)
    .where('event', 'in', WAYS_IN)
    .executeTakeFirst();
  return row?.time === null || row?.time === undefined ? null : Number(row.time);
}

/**
 * A page of the events of a user (by id, or naming the keyed hash of their email), or from any of
 * the keyed hashes of an address, newest first,
 * strictly before the cursor (time, id).
 */
export function eventsPage(
  db: Kysely<Database>,
  of: { userId: string; emailHash: string } | { addressHashes: string[] },
  before: { time: number; id: string } | undefined,
  size: number,
) {
  return (
    db
      .selectFrom('auth_events')
      .selectAll()
      // A user's: theirs, and those naming their email (a refused login names no account).
      .$if('userId' in of, (qb) => {
        const user = of as { userId: string; emailHash: string };
        return qb.where((eb) =>
          eb.or([eb('user_id', '=', user.userId), eb('email_hash', '=', user.emailHash)]),
        );
      })
      .$if('addressHashes' in of, (qb) =>
        qb.where('address_hash', 'in', (of as { addressHashes: string[] }).addressHashes),
      )
      .$if(before !== undefined, (qb) =>
        qb.where((eb) =>
          eb.or([
            eb('time', '<', before!.time),
            eb.and([eb('time', '=', before!.time), eb('id', '<', before!.id)]),
          ]),
        ),
      )
      .orderBy('time', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .execute()
  );
}

/** The uploads tied to the user (action_log_users), newest first. */
export function userUploads(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('action_log_users')
    .innerJoin('action_logs', 'action_logs.reference', 'action_log_users.reference')
    .select([
      'action_logs.reference',
      'action_logs.created_at',
      'action_logs.size',
      'action_logs.app_version',
      'action_logs.locale',
      'action_logs.device',
      'action_logs.last_path',
    ])
    .where('action_log_users.user_id', '=', userId)
    .orderBy('action_logs.created_at', 'desc')
    .orderBy('action_logs.reference')
    .limit(200)
    .execute();
}
