// Where request counters live: Redis when configured, else the server's own database (SQLite or
// PostgreSQL), so they are shared by every process, survive a restart and are never evicted.
// rate-limiter-flexible's stores each take one atomic step per request (an UPSERT ... RETURNING,
// or a Lua script in Redis), so parallel requests can never read a stale count.
import SQLite from 'better-sqlite3';
import type { Redis } from 'ioredis';
import pg from 'pg';
import {
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterSQLite,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

import type { DatabaseConfig } from '../config';

/** Created by migration 002_registrations_and_limits. */
const TABLE = 'rate_limits';

export interface CounterSpec {
  /** Names the counter family in its keys. */
  name: string;
  points: number;
  durationSeconds: number;
}

export interface CounterStore {
  counter(spec: CounterSpec): RateLimiterAbstract;
  close(): Promise<void>;
}

function redisStore(client: Redis, prefix: string): CounterStore {
  return {
    counter: ({ name, points, durationSeconds }) =>
      new RateLimiterRedis({
        storeClient: client,
        keyPrefix: `${prefix}limit:${name}`,
        points,
        duration: durationSeconds,
        // Fail the request at once (503) rather than queue it while Redis is away.
        rejectIfRedisNotReady: true,
      }),
    close: async () => {},
  };
}

function sqliteStore(file: string): CounterStore {
  // A connection of its own: rate-limiter-flexible needs the driver's handle, not Kysely's.
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  return {
    counter: ({ name, points, durationSeconds }) =>
      new RateLimiterSQLite({
        storeClient: database,
        storeType: 'better-sqlite3',
        tableName: TABLE,
        tableCreated: true,
        keyPrefix: name,
        points,
        duration: durationSeconds,
      }),
    close: async () => {
      database.close();
    },
  };
}

function postgresStore(url: string, schema: string | undefined): CounterStore {
  const pool = new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: 5000 });
  pool.on('error', () => {});
  return {
    counter: ({ name, points, durationSeconds }) =>
      new RateLimiterPostgres({
        storeClient: pool,
        storeType: 'pool',
        tableName: TABLE,
        schemaName: schema,
        tableCreated: true,
        keyPrefix: name,
        points,
        duration: durationSeconds,
      }),
    close: () => pool.end(),
  };
}

export function openCounterStore(
  database: DatabaseConfig,
  redis: { client: Redis; prefix: string } | undefined,
): CounterStore {
  if (redis) return redisStore(redis.client, redis.prefix);
  return database.kind === 'sqlite'
    ? sqliteStore(database.file)
    : postgresStore(database.url, database.schema);
}
