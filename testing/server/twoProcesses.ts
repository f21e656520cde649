// Two server processes as `npm start` runs them, on one throwaway PostgreSQL schema (and, when
// asked, one Redis under a throwaway prefix): what the multi-process suites start.
import fs from 'node:fs';

import { API_PATHS } from '../../contract/api';
import { spawnServer, type ServerProcess } from '../processes';
import { pendingAccount } from './abuse/accounts';
import { ApiClient } from './client';
import { tempDir, testEnv } from './config';
import { createTestSchema, dropTestSchema, POSTGRES_URL } from './postgres';
import { deleteRedisPrefix, REDIS_URL, requireRedis, testRedisPrefix } from './redis';

export interface TwoProcesses {
  one: ServerProcess;
  two: ServerProcess;
  /** A client of each process. */
  a: ApiClient;
  b: ApiClient;
  schema: string;
  /** The Redis prefix, with `redis`. */
  prefix?: string;
}

/**
 * For a describe block: both processes started together before its tests (so their migrations
 * run at the same moment and must not trip over each other), with `env` on top of the test
 * configuration; stopped, and their schema, prefix and data removed, after them. The fields are
 * set once the block's tests run.
 */
export function twoProcessesOnPostgres(
  env: NodeJS.ProcessEnv,
  { redis = false }: { redis?: boolean } = {},
): TwoProcesses {
  const shared = {} as TwoProcesses;
  let dataDir: string | undefined;
  beforeAll(async () => {
    if (redis) await requireRedis();
    shared.schema = await createTestSchema();
    if (redis) shared.prefix = testRedisPrefix();
    dataDir = tempDir('two-processes');
    const all = testEnv(dataDir, {
      DATABASE_URL: POSTGRES_URL,
      DATABASE_SCHEMA: shared.schema,
      ...(redis ? { REDIS_URL, REDIS_PREFIX: shared.prefix } : {}),
      ...env,
    });
    [shared.one, shared.two] = await Promise.all([spawnServer(all), spawnServer(all)]);
    shared.a = new ApiClient(shared.one.url);
    shared.b = new ApiClient(shared.two.url);
  }, 60_000);
  afterAll(async () => {
    await shared.one?.stop();
    await shared.two?.stop();
    if (shared.schema) await dropTestSchema(shared.schema);
    if (shared.prefix) await deleteRedisPrefix(shared.prefix);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return shared;
}

/**
 * An account signed up through the first process and activated through the second (one stores the
 * code, the other checks it); returns the session token activation gave.
 */
export async function activatedAcross(
  shared: TwoProcesses,
  email: string,
  password: string,
): Promise<string> {
  const code = await pendingAccount(shared.a, email, password);
  const activated = await shared.b.post(API_PATHS.verifyAccount, { email, code, password });
  if (activated.status !== 200) throw new Error(`activation answered ${activated.status}`);
  return activated.body.token as string;
}
