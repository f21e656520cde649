// A locked account (an operator's action, migration 019) opens no session by any way in: every
// one of them (a login, its second step, a passkey, an activation, a reset) goes through
// `openSession`, which calls `refuseLocked` first, in the decision's transaction. Locking ends the
// account's sessions and waiting second steps in its own transaction, so verify answers 401 on
// every process at once (the sessions' delete notifies the processes that keep them in memory).
// Both hold the user's row, so a sign-in racing a lock either ends before it (and its session is
// ended with the others) or sees the lock.
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';
import { setLocked } from '../repo/operators';
import type { SessionStore } from './session-store';
import { lockUser } from './users';

/** Thrown inside a way in's transaction (which then stores nothing); answered 403 ACCOUNT_LOCKED. */
export class AccountLocked extends Error {
  constructor() {
    super('The account is locked');
  }
}

/** Throws AccountLocked when the account is locked, holding its row until the transaction ends. */
export async function refuseLocked(trx: Kysely<Database>, userId: string): Promise<void> {
  const held = await lockUser(trx, userId);
  if (held !== undefined && held.locked_at !== null) throw new AccountLocked();
}

/**
 * Locks the account and ends its sessions and waiting second steps, in one transaction (run it in
 * one); false when it was locked already.
 */
export async function lockAccount(
  trx: Kysely<Database>,
  sessions: SessionStore,
  userId: string,
  now: number,
): Promise<boolean> {
  if (!(await setLocked(trx, userId, now))) return false;
  await sessions.endAll(trx, userId);
  return true;
}

/** Unlocks the account: its owner signs in again as before. False when it was not locked. */
export function unlockAccount(trx: Kysely<Database>, userId: string): Promise<boolean> {
  return setLocked(trx, userId, null);
}
