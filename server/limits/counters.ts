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
  /**
   * Deletes every key of the counter family `name` that starts with `keyPrefix` (an account's
   * rows when it is deleted). Rare, so a scan is fine: Redis's SCAN does not block the server.
   */
  deletePrefix(name: string, keyPrefix: string): Promise<void>;
  close(): Promise<void>;
}

/** A Redis MATCH pattern for keys that start with `text` (glob characters taken literally). */
function globPrefix(text: string): string {
  return `${text.replace(/[\\*?[\]]/g, (c) => `\\${c}`)}*`;
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
    async deletePrefix(name, keyPrefix) {
      const match = globPrefix(`${prefix}limit:${name}:${keyPrefix}`);
      let cursor = '0';
      do {
        const [next, keys] = await client.scan(cursor, 'MATCH', match, 'COUNT', 1000);
        if (keys.length > 0) await client.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    },
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
    async deletePrefix(name, keyPrefix) {
      // Keys are ASCII, so every key with the prefix sorts below the prefix + U+FFFF (the primary
      // key's index serves the range).
      const start = `${name}:${keyPrefix}`;
      database
        .prepare(`DELETE FROM ${TABLE} WHERE key >= ? AND key < ?`)
        .run(start, `${start}\uffff`);
    },
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
    async deletePrefix(name, keyPrefix) {
      const table = schema ? `"${schema}".${TABLE}` : TABLE;
      const start = `${name}:${keyPrefix}`;
      await pool.query(`DELETE FROM ${table} WHERE left(key, length($1)) = $1`, [start]);
    },
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
