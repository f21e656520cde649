// The passkeys' rows (migration 011): each user's WebAuthn credentials, and the challenges handed
// out for a registration or a sign-in, kept as SHA-256 and taken once by a conditional delete.
import { hash, randomBytes } from 'node:crypto';

import type { Kysely, Selectable } from 'kysely';

import type { PasskeyInfo } from '../../contract/api';
import { PASSKEYS_MAX } from '../../contract/schemas';
import type {
  Database,
  PasskeyChallengePurpose,
  PasskeyChallengesTable,
  PasskeysTable,
} from '../db/schema';
import { lockUser } from './users';

export type PasskeyRow = Selectable<PasskeysTable>;

/** How long a challenge can be answered. */
export const CHALLENGE_SECONDS = 5 * 60;

/** What is stored of a challenge (its base64url text, as clientDataJSON carries it). */
export function hashChallenge(challenge: string): string {
  return hash('sha256', challenge, 'base64url');
}

/** A passkey as the API shows it: never its credential id or key. */
export function toPasskeyInfo(
  row: Pick<PasskeyRow, 'id' | 'name' | 'created_at' | 'last_used_at'>,
): PasskeyInfo {
  const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
  return {
    id: row.id,
    name: row.name,
    createdAt: iso(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : iso(row.last_used_at),
  };
}

/** The user's passkeys, newest first. */
export function listPasskeys(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/**
 * Whether the account may keep one more passkey (fewer than `PASSKEYS_MAX`); run it in the
 * transaction that adds it. The account's row is locked first: two additions at once for the last
 * place would both count one place left on PostgreSQL, and both add.
 */
export async function roomForPasskey(trx: Kysely<Database>, userId: string): Promise<boolean> {
  await lockUser(trx, userId);
  const { held } = await trx
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<number | string>().as('held'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(held) < PASSKEYS_MAX;
}

export function findPasskeyByCredentialId(db: Kysely<Database>, credentialId: string) {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
}

/** One of the user's passkeys by its public id; undefined when it is not theirs. */
export function findUserPasskey(db: Kysely<Database>, userId: string, id: string) {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export interface NewPasskey {
  userId: string;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  deviceType: string;
  backedUp: boolean;
  now: number;
}

/**
 * Stores a new passkey; undefined when its credential id is already stored (this account's or
 * another's): the unique constraint decides, so two registrations of one credential make one.
 */
export async function createPasskey(
  db: Kysely<Database>,
  passkey: NewPasskey,
): Promise<PasskeyRow | undefined> {
  return db
    .insertInto('passkeys')
    .values({
      id: randomBytes(16).toString('base64url'),
      user_id: passkey.userId,
      credential_id: passkey.credentialId,
      public_key: passkey.publicKey,
      counter: passkey.counter,
      transports: JSON.stringify(passkey.transports),
      name: passkey.name,
      device_type: passkey.deviceType,
      backed_up: passkey.backedUp ? 1 : 0,
      created_at: passkey.now,
      last_used_at: null,
    })
    .onConflict((oc) => oc.column('credential_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * A sign-in with the passkey: its new counter and time of use, stored only while the counter is
 * still the one the signature was checked against (compare-and-set), so two signatures checked
 * against one counter cannot both count; true when stored.
 */
export async function recordPasskeyUse(
  db: Kysely<Database>,
  use: { id: string; checkedCounter: number; newCounter: number; backedUp: boolean; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ counter: use.newCounter, backed_up: use.backedUp ? 1 : 0, last_used_at: use.now })
    .where('id', '=', use.id)
    .where('counter', '=', use.checkedCounter)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Renames one of the user's passkeys; the row as it is now, or undefined when it is not theirs. */
export async function renamePasskey(
  db: Kysely<Database>,
  userId: string,
  id: string,
  name: string,
) {
  return db
    .updateTable('passkeys')
    .set({ name })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes one of the user's passkeys: true for the one request that deleted it. */
export async function deletePasskey(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Stores a challenge handed out (as its hash), to be taken once within CHALLENGE_SECONDS. */
export async function storeChallenge(
  db: Kysely<Database>,
  challenge: string,
  bound: Pick<PasskeyChallengesTable, 'purpose' | 'user_id' | 'session_hash'>,
  now: number,
): Promise<void> {
  await db
    .insertInto('passkey_challenges')
    .values({
      challenge_hash: hashChallenge(challenge),
      ...bound,
      expires_at: now + CHALLENGE_SECONDS,
    })
    .execute();
}

/**
 * Takes a challenge once: deletes it if it was handed out for `purpose` (and, for a registration,
 * to this user's session) and has not ended; true for the one request that deleted it. An ended
 * or foreign one is left for the sweep.
 */
export async function takeChallenge(
  db: Kysely<Database>,
  challenge: string,
  purpose: PasskeyChallengePurpose,
  now: number,
  session?: { userId: string; tokenHash: string },
): Promise<boolean> {
  let query = db
    .deleteFrom('passkey_challenges')
    .where('challenge_hash', '=', hashChallenge(challenge))
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now);
  if (session) {
    query = query
      .where('user_id', '=', session.userId)
      .where('session_hash', '=', session.tokenHash);
  }
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
