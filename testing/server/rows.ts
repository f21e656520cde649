// Rows the suites that call the repository functions directly start from.
import type { Kysely } from 'kysely';

import type { Database } from '../../server/db/schema';

/** Ada, account u1, activated at `activatedAt`; her password hash is a placeholder. */
export async function addAda(db: Kysely<Database>, activatedAt: number): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: 'u1',
      email: 'ada@example.com',
      name: 'Ada',
      password_hash: 'not-a-hash',
      activated_at: activatedAt,
      created_at: '2027-01-15T08:00:00.000Z',
    })
    .execute();
}
