// The server's record of account requests (migration 009): what was decided, under which limit,
// for which request of which tab's log. Written by plugins/auth-events.ts; read only by the
// analyst's tools (npm run replay -- --ref), never served to a visitor. Kept as long as the uploads
// it joins (ACTION_LOG_TTL_SECONDS), and deleted with its account.
import type { Kysely, Selectable } from 'kysely';

import type { AuthEventsTable, Database } from '../db/schema';

export type AuthEventRow = Selectable<AuthEventsTable>;

/** The events of a tab's log: those it sent its log id with, and those of its request ids. */
export async function authEventsOfLog(
  db: Kysely<Database>,
  logId: string | undefined,
  requestIds: readonly string[],
): Promise<AuthEventRow[]> {
  const ids = [...new Set(requestIds)].slice(0, 5000);
  if (logId === undefined && ids.length === 0) return [];
  return db
    .selectFrom('auth_events')
    .selectAll()
    .where((eb) =>
      eb.or([
        ...(logId === undefined ? [] : [eb('log_id', '=', logId)]),
        ...(ids.length === 0 ? [] : [eb('request_id', 'in', ids)]),
      ]),
    )
    .orderBy('time')
    .orderBy('id')
    .execute();
}

/**
 * A deleted account's events: its own, those of the logs it sent its log ids with, and those that
 * named its email (`emailHash`, the record's keyed hash of it).
 */
export async function deleteUserAuthEvents(
  trx: Kysely<Database>,
  userId: string,
  emailHash: string | null,
): Promise<void> {
  const logIds = trx
    .selectFrom('auth_events')
    .select('log_id')
    .where('user_id', '=', userId)
    .where('log_id', 'is not', null);
  await trx
    .deleteFrom('auth_events')
    .where((eb) =>
      eb.or([
        eb('user_id', '=', userId),
        eb('log_id', 'in', logIds),
        ...(emailHash === null ? [] : [eb('email_hash', '=', emailHash)]),
      ]),
    )
    .execute();
}
