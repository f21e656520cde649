// Verify with a different token on each request, on a database of 1,000 users and sessions beside
// one of 1,000,000, on SQLite and on PostgreSQL: the 1M rate against the 1k rate, in alternated
// rounds. Every session was last used an hour ago, so each first verify of a session also records
// its use (the worst case for writes; SESSION_TOUCH_INTERVAL_SECONDS=86400 in BENCH_SCALE_ENV turns
// them off). Run on request: `npm run bench -- scale` (building the
// SQLite million takes about a minute).
import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import pg from 'pg';

import { API_PATHS } from '../../contract/api';
import { startServer, type RunningServer } from '../../server/app';
import { hashSessionToken } from '../../server/auth/secrets';
import { loadConfig } from '../../server/config';
import { median, ratio, type Row } from '../table';
import { bareRoute } from './benchServer';

const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SMALL = 1_000;
const LARGE = Number(process.env.BENCH_SCALE_SESSIONS ?? 1_000_000);
const ROUNDS = 4;
const ROUND_SECONDS = 5;
const CONNECTIONS = 50;
const TARGET = 0.7;
/** An argon2id hash's length: rows as large as real ones. */
const PASSWORD_HASH = `$argon2id$v=19$m=19456,t=2,p=1$${'s'.repeat(22)}$${'h'.repeat(43)}`;

const token = (i: number) => `scale-token-${i}`;

interface Place {
  env: NodeJS.ProcessEnv;
  /** Fills the server's (migrated) database with `count` users, each with one session. */
  fill(count: number): Promise<void>;
  remove(): Promise<void>;
}

function sqlitePlace(): Place {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-'));
  return {
    env: { DATA_DIR: dataDir },
    async fill(count) {
      const db = new SQLite(path.join(dataDir, 'app.db'));
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = OFF');
      const now = Math.floor(Date.now() / 1000);
      const users = db.prepare(
        `insert into users (id, email, name, password_hash, activated_at, created_at)
         values (?, ?, ?, ?, ?, ?)`,
      );
      const sessions = db.prepare(
        `insert into sessions (token_hash, user_id, expires_at, created_at, id, last_used_at,
           user_agent) values (?, ?, ?, ?, ?, ?, ?)`,
      );
      const created = new Date((now - 86_400) * 1000).toISOString();
      const batch = 50_000;
      for (let start = 0; start < count; start += batch) {
        db.transaction(() => {
          for (let i = start; i < Math.min(count, start + batch); i++) {
            const id = `u${i.toString().padStart(12, '0')}`;
            users.run(id, `${id}@example.com`, `User ${i}`, PASSWORD_HASH, now - 86_400, created);
            sessions.run(
              hashSessionToken(token(i)),
              id,
              now + 7 * 86_400,
              now - 86_400,
              `s${i}`,
              now - 3600,
              'Mozilla/5.0 (X11; Linux x86_64) bench',
            );
          }
        })();
      }
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
    },
    remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

function postgresPlace(): Place {
  const schema = `bench_scale_${randomBytes(6).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-'));
  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: schema },
    fill: (count) =>
      admin(async (client) => {
        await client.query(`set search_path = ${schema}`);
        const now = Math.floor(Date.now() / 1000);
        await client.query(
          `insert into users (id, email, name, password_hash, activated_at, created_at)
           select 'u' || lpad(i::text, 12, '0'), 'u' || lpad(i::text, 12, '0') || '@example.com',
             'User ' || i, $1, $2, $3
           from generate_series(0, $4 - 1) as i`,
          [PASSWORD_HASH, now - 86_400, new Date((now - 86_400) * 1000).toISOString(), count],
        );
        await client.query(
          `insert into sessions (token_hash, user_id, expires_at, created_at, id, last_used_at,
             user_agent)
           select encode(sha256(convert_to('scale-token-' || i, 'UTF8')), 'hex'),
             'u' || lpad(i::text, 12, '0'), $1, $2, 's' || i, $3,
             'Mozilla/5.0 (X11; Linux x86_64) bench'
           from generate_series(0, $4 - 1) as i`,
          [now + 7 * 86_400, now - 86_400, now - 3600, count],
        );
        await client.query('analyze users; analyze sessions');
      }),
    remove: async () => {
      await admin((client) => client.query(`drop schema if exists ${schema} cascade`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Scaled {
  count: number;
  server: RunningServer;
  place: Place;
}

async function scaledServer(place: Place, count: number, env: NodeJS.ProcessEnv) {
  const base = {
    PORT: '0',
    HOST: '127.0.0.1',
    DIST_DIR: path.join(os.tmpdir(), 'no-dist'),
    LOG_LEVEL: 'silent',
    SWEEP_INTERVAL_SECONDS: '0',
  };
  // Migrated by a first start, filled while stopped, then started for the runs.
  const first = await startServer(loadConfig({ ...base, ...place.env, ...env }));
  await first.close();
  await place.fill(count);
  const server = await startServer(loadConfig({ ...base, ...place.env, ...env }));
  return { count, server, place };
}

async function bareRun(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: ROUND_SECONDS });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function randomTokenRun(scaled: Scaled) {
  const result = await autocannon({
    url: scaled.server.url + API_PATHS.verify,
    connections: CONNECTIONS,
    duration: ROUND_SECONDS,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          headers: { authorization: `Bearer ${token(randomInt(scaled.count))}` },
        }),
      },
    ],
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

type Run = Awaited<ReturnType<typeof randomTokenRun>>;

async function engineRows(
  name: string,
  makePlace: () => Place,
  env: NodeJS.ProcessEnv,
  bare: { url: string },
  label = '',
): Promise<Row[]> {
  const small = await scaledServer(makePlace(), SMALL, env);
  let large: Scaled | undefined;
  try {
    const started = performance.now();
    large = await scaledServer(makePlace(), LARGE, env);
    const built = (performance.now() - started) / 1000;
    const rounds: { small: Run; large: Run; bare: Run }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // The order turns each round: none of the three always meets the warmer process.
      const runs = {
        small: () => randomTokenRun(small),
        large: () => randomTokenRun(large!),
        bare: () => bareRun(bare.url),
      };
      const order = (['small', 'large', 'bare'] as const).map(
        (_, i, names) => names[(i + round) % names.length]!,
      );
      const done: Partial<Record<(typeof order)[number], Run>> = {};
      for (const key of order) done[key] = await runs[key]();
      rounds.push(done as { small: Run; large: Run; bare: Run });
    }
    const medianShare = (of: (r: (typeof rounds)[number]) => number) => {
      const shares = rounds.map(of).sort((a, b) => a - b);
      return { share: median(shares), low: shares[0]!, high: shares.at(-1)! };
    };
    const scaleShare = medianShare((r) => r.large.rps / r.small.rps);
    const smallBare = medianShare((r) => r.small.rps / r.bare.rps);
    const largeBare = medianShare((r) => r.large.rps / r.bare.rps);
    const pick = (key: 'small' | 'large' | 'bare') => {
      const runs = rounds.map((r) => r[key]).sort((a, b) => a.rps - b.rps);
      return runs[Math.floor((runs.length - 1) / 2)]!;
    };
    const [s, l, b] = [pick('small'), pick('large'), pick('bare')];
    const errors = rounds.reduce((sum, r) => sum + r.small.errors + r.large.errors, 0);
    const range = (x: { share: number; low: number; high: number }) =>
      `${ratio(x.share)} (${ratio(x.low)} to ${ratio(x.high)})`;
    const section = `scale ${name}${label}`;
    const millions = LARGE >= 1_000_000 ? `${LARGE / 1_000_000}M` : String(LARGE);
    return [
      {
        section,
        figure: `${millions} users and sessions built in`,
        value: `${built.toFixed(1)} s`,
      },
      {
        section,
        figure: '1k sessions, random tokens: req/s (p99)',
        value: `${s.rps.toFixed(0)} (${s.p99} ms)`,
      },
      {
        section,
        figure: `${millions} sessions, random tokens: req/s (p99)`,
        value: `${l.rps.toFixed(0)} (${l.p99} ms)`,
      },
      {
        section,
        figure: `${millions} / 1k (median of ${ROUNDS} rounds)`,
        value: range(scaleShare),
        target: `>= ${ratio(TARGET)}`,
        met: scaleShare.share >= TARGET,
      },
      { section, figure: 'bare route req/s (p99)', value: `${b.rps.toFixed(0)} (${b.p99} ms)` },
      { section, figure: '1k random tokens / bare', value: range(smallBare) },
      { section, figure: `${millions} random tokens / bare`, value: range(largeBare) },
      { section, figure: 'errors', value: String(errors), target: '0', met: errors === 0 },
    ];
  } finally {
    for (const scaled of [small, large]) {
      if (!scaled) continue;
      await scaled.server.close();
      await scaled.place.remove();
    }
  }
}

export async function benchScale(): Promise<Row[]> {
  // BENCH_SCALE_ENV='{"SQLITE_MMAP_MB":"1024"}' runs with other settings; BENCH_SCALE_ENGINES=SQLite
  // runs one engine.
  const env = JSON.parse(process.env.BENCH_SCALE_ENV ?? '{}') as NodeJS.ProcessEnv;
  const label = process.env.BENCH_SCALE_ENV ? ` ${process.env.BENCH_SCALE_ENV}` : '';
  const engines = (process.env.BENCH_SCALE_ENGINES ?? 'SQLite,PostgreSQL').split(',');
  const rows: Row[] = [];
  const bare = await bareRoute();
  try {
    if (engines.includes('SQLite')) {
      rows.push(...(await engineRows('SQLite', sqlitePlace, env, bare, label)));
    }
    if (engines.includes('PostgreSQL')) {
      rows.push(...(await engineRows('PostgreSQL', postgresPlace, env, bare, label)));
    }
  } finally {
    await bare.close();
  }
  return rows;
}
