// The second factor's rows (migration 010): the secret of each account (encrypted by
// auth/second-factor.ts) and its recovery codes as SHA-256. The logins waiting for their second
// step are sessions not yet opened: ./pending-logins.ts.
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { hashRecoveryCode } from './second-factor';
import { lockUser } from './users';

/** Whether the account's second factor is on: a password alone then opens no session. */
export async function secondFactorOn(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('second_factors')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

export function findSecondFactor(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('second_factors')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Accepts the code's time step once: stores it as the last step unless that one is the same or
 * later, in one statement; true when it was stored. `enabled` says which state the row must be in
 * (a setup's confirmation, or a second factor that is on).
 */
export async function acceptStep(
  db: Kysely<Database>,
  userId: string,
  step: number,
  enabled: boolean,
): Promise<boolean> {
  const result = await db
    .updateTable('second_factors')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where('enabled_at', enabled ? 'is not' : 'is', null)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Uses a recovery code up: true when it was the account's (it is gone now, whoever asks next). */
export async function spendRecoveryCode(
  db: Kysely<Database>,
  userId: string,
  code: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('recovery_codes')
    .where('user_id', '=', userId)
    .where('code_hash', '=', hashRecoveryCode(code))
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * Replaces the account's recovery codes with these, in the caller's transaction. The account's
 * row is locked first (`lockUser`): a renewal at the same moment (another tab) waits for this
 * one's end, then deletes its codes too. Without it, on PostgreSQL, each deleted only the codes
 * from before both, and both new sets stayed live.
 */
export async function storeRecoveryCodes(
  db: Kysely<Database>,
  userId: string,
  codes: string[],
): Promise<void> {
  await lockUser(db, userId);
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(codes.map((code) => ({ user_id: userId, code_hash: hashRecoveryCode(code) })))
    .execute();
}

export async function recoveryCodesLeft(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('left'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.left);
}

/** Turns the second factor off: its secret, its recovery codes and its waiting logins go. */
export async function removeSecondFactor(db: Kysely<Database>, userId: string): Promise<void> {
  for (const table of ['recovery_codes', 'pending_logins', 'second_factors'] as const) {
    await db.deleteFrom(table).where('user_id', '=', userId).execute();
  }
}

/**
 * A setup waiting for its first code, unless one started after `keptSince` waits already (the
 * visitor reloaded the page, and the app holds its key): answers the setup that waits now, or
 * undefined when the second factor is on.
 */
export async function startSetup(
  db: Kysely<Database>,
  userId: string,
  secret: string,
  now: number,
  keptSince: number,
) {
  // One statement, so that setups started at once (two tabs) end with one key, the one both
  // read next: read first, both found none and the second failed on the key.
  await db
    .insertInto('second_factors')
    .values({ user_id: userId, secret, enabled_at: null, last_step: null, created_at: now })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ secret, last_step: null, created_at: now })
        .where('second_factors.enabled_at', 'is', null)
        .where('second_factors.created_at', '<=', keptSince),
    )
    .execute();
  const waiting = await findSecondFactor(db, userId);
  return waiting?.enabled_at === null ? waiting : undefined;
}

/** Turns on the setup waiting for its first code: false when there is none. */
export async function turnOn(db: Kysely<Database>, userId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('second_factors')
    .set({ enabled_at: now })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Stored secrets of users after `afterUserId`, in user order, `limit` of them (key rotation). */
export function storedSecretsAfter(db: Kysely<Database>, afterUserId: string, limit: number) {
  return db
    .selectFrom('second_factors')
    .select(['user_id', 'secret'])
    .where('user_id', '>', afterUserId)
    .orderBy('user_id')
    .limit(limit)
    .execute();
}

/**
 * Stores the secret sealed anew, unless it changed since it was read (a new setup, or the factor
 * turned off, meanwhile: theirs stands); true when replaced.
 */
export async function replaceSealedSecret(
  db: Kysely<Database>,
  userId: string,
  was: string,
  sealed: string,
): Promise<boolean> {
  const result = await db
    .updateTable('second_factors')
    .set({ secret: sealed })
    .where('user_id', '=', userId)
    .where('secret', '=', was)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
