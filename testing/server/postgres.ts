import { randomBytes } from 'node:crypto';

import pg from 'pg';

export const POSTGRES_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const HOW_TO_START =
  'start it with `pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start` ' +
  '(or set TEST_POSTGRES_URL)';

async function withClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${POSTGRES_URL}: ${HOW_TO_START}. (${String(error)})`,
    );
  }
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A fresh schema for one suite; a missing PostgreSQL fails the suite with how to start it. */
export async function createTestSchema(): Promise<string> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await withClient((client) => client.query(`create schema ${schema}`));
  return schema;
}

export async function dropTestSchema(schema: string): Promise<void> {
  await withClient((client) => client.query(`drop schema if exists ${schema} cascade`));
}
