// The devices an account has been signed in to from (migration 015).
import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';

/**
 * Notes a sign-in from `device`, in the session's transaction: `first` for the account's first
 * noted device (its activation, or its first sign-in since devices are noted), `known` for one it
 * used before, `new` otherwise.
 */
export async function noteDevice(
  trx: Kysely<Database>,
  userId: string,
  device: string,
  now: number,
): Promise<'first' | 'known' | 'new'> {
  const known = await trx
    .selectFrom('known_devices')
    .select('device')
    .where('user_id', '=', userId)
    .execute();
  await trx
    .insertInto('known_devices')
    .values({ user_id: userId, device, last_seen_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'device']).doUpdateSet({ last_seen_at: now }))
    .execute();
  if (known.length === 0) return 'first';
  return known.some((row) => row.device === device) ? 'known' : 'new';
}
