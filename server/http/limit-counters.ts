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
   * Takes `points` off the live count of `key` (the counter's full key, `getKey`), never below
   * zero, in one atomic step; nothing for a key whose window ended. (rate-limiter-flexible's
   * `reward` writes a negative count, and on an ended window starts a new one below zero: points
   * nobody drew.)
   */
  giveBack(key: string, points: number): Promise<void>;
  /** Deletes `key` (a full key) and answers the points it held in its window, in one step. */
  takeAll(key: string): Promise<number>;
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

/** A live count less `ARGV[1]`, never below zero, its time to live kept. */
const GIVE_BACK_SCRIPT = `local held = tonumber(redis.call('get', KEYS[1]))
if held == nil then return 0 end
redis.call('set', KEYS[1], math.max(held - tonumber(ARGV[1]), 0), 'KEEPTTL')
return 1`;

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
    async giveBack(key, points) {
      await client.eval(GIVE_BACK_SCRIPT, 1, key, points);
    },
    async takeAll(key) {
      return Number((await client.getdel(key)) ?? 0);
    },
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
  const giveBack = database.prepare(
    `UPDATE ${TABLE} SET points = MAX(points - ?, 0) WHERE key = ? AND (expire IS NULL OR expire > ?)`,
  );
  const takeAll = database.prepare(
    `DELETE FROM ${TABLE} WHERE key = ? AND (expire IS NULL OR expire > ?) RETURNING points`,
  );
  return {
    async giveBack(key, points) {
      giveBack.run(points, key, Date.now());
    },
    async takeAll(key) {
      const row = takeAll.get(key, Date.now()) as { points: number } | undefined;
      return row?.points ?? 0;
    },
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
  const table = schema ? `"${schema}".${TABLE}` : TABLE;
  return {
    async giveBack(key, points) {
      await pool.query(
        `UPDATE ${table} SET points = GREATEST(points - $1, 0)
          WHERE key = $2 AND (expire IS NULL OR expire > $3)`,
        [points, key, Date.now()],
      );
    },
    async takeAll(key) {
      const { rows } = await pool.query<{ points: number }>(
        `DELETE FROM ${table} WHERE key = $1 AND (expire IS NULL OR expire > $2) RETURNING points`,
        [key, Date.now()],
      );
      return Number(rows[0]?.points ?? 0);
    },
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
