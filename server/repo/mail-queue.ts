// Mail set aside by the worker as one that can never be sent (server/mail/worker.ts): kept, never
// claimed again, counted and listed for the metrics and an operator, never with its payload
// (a code, a password's hash).
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';

export interface SetAsideMail {
  id: string;
  /** `message`, or the job's kind. */
  kind: string;
  attempts: number;
  /** Unix ms. */
  createdAt: number;
  setAsideAt: number;
  /** The last failure, as the worker read it. */
  reason: string;
}

export async function countSetAsideMail(db: Kysely<Database>): Promise<number> {
  const { count } = await db
    .selectFrom('mail_queue')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('set_aside_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The newest `limit` rows set aside, newest first. */
export async function listSetAsideMail(
  db: Kysely<Database>,
  limit: number,
): Promise<SetAsideMail[]> {
  const rows = await db
    .selectFrom('mail_queue')
    .select(['id', 'kind', 'attempts', 'created_at', 'set_aside_at', 'last_error'])
    .where('set_aside_at', 'is not', null)
    .orderBy('set_aside_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    attempts: row.attempts,
    createdAt: row.created_at,
    setAsideAt: row.set_aside_at ?? 0,
    reason: row.last_error ?? '',
  }));
}
