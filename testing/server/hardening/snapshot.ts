// The whole database as one comparable value, to prove a refused request changed nothing.
import type { Kysely } from 'kysely';

import type { Database } from '../../../server/db/schema';

export async function snapshot(db: Kysely<Database>): Promise<string> {
  const [users, codes, sessions] = await Promise.all([
    db.selectFrom('users').selectAll().orderBy('id').execute(),
    db.selectFrom('activation_codes').selectAll().orderBy('user_id').execute(),
    db.selectFrom('sessions').selectAll().orderBy('token_hash').execute(),
  ]);
  return JSON.stringify({ users, codes, sessions });
}
