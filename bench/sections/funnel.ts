// The funnel (server/funnel/funnel.ts, as the operator API and `replay --funnel` run it) over
// 100,000 auth events spread across 30 days, a mix of sign-ups, activations, logins, second steps,
// resets and refusals, on SQLite and on PostgreSQL (analyzed, as autovacuum leaves it): the median
// of five runs. Target: < 1 s.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { sql, type Kysely } from 'kysely';
import pg from 'pg';

import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import type { AuthEventsTable, Database } from '../../server/db/schema';
import { computeFunnel } from '../../server/funnel/funnel';
import { median, ms, type Row } from '../table';

const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const EVENTS = 100_000;
const DAYS = 30;
const DAY_MS = 86_400_000;
const TARGET_MS = 1000;
const RUNS = 5;
const USERS = 5000;

/** The `i`th event: one of twenty kinds in turn, its user drawn from USERS. */
function eventAt(i: number, fromMs: number): AuthEventsTable {
  const time = fromMs + Math.floor((i * DAYS * DAY_MS) / EVENTS);
  const user = `u${(i * 7919) % USERS}`;
  const base = {
    id: `e${i}`,
    time,
    status: 200,
    code: null,
    limit_name: null,
    limit_left: null,
    limit_points: null,
    user_id: null as string | null,
    session_id: null as string | null,
    address_hash: `a${i % 997}`,
    email_hash: null,
    log_id: null,
    request_id: null,
    operator_id: null,
    started_at: null as number | null,
  };
  const accepted = (event: string, more: Partial<AuthEventsTable> = {}) => ({
    ...base,
    event,
    outcome: 'accepted' as const,
    ...more,
  });
  const refused = (event: string, status: number, code: string) => ({
    ...base,
    event,
    outcome: 'refused' as const,
    status,
    code,
  });
  const signedIn = (event: string) => accepted(event, { user_id: user, session_id: `s${i}` });
  const startedAgo = (spanMs: number) => time - ((i * 104_729) % spanMs);
  switch (i % 20) {
    case 0:
    case 1:
    case 2:
      return accepted('signup', { status: 201 });
    case 3:
      return { ...signedIn('verifyAccount'), started_at: startedAgo(3_600_000) };
    case 9:
      return accepted('login', { user_id: user });
    case 10:
      return signedIn('loginSecondFactor');
    case 11:
      return refused('loginSecondFactor', 401, 'INVALID_CODE');
    case 12:
      return accepted('requestPasswordReset', { status: 202 });
    case 13:
      return { ...signedIn('resetPassword'), started_at: startedAgo(1_800_000) };
    case 14:
    case 15:
      return refused('login', 401, 'INVALID_CREDENTIALS');
    case 16:
      return refused('verify', 401, 'INVALID_TOKEN');
    case 17:
      return refused('signup', 400, 'VALIDATION password:COMMON_PASSWORD');
    case 18:
    case 19:
      return signedIn('passkeyLogin');
    default:
      return signedIn('login');
  }
}

interface Place {
  env: NodeJS.ProcessEnv;
  remove(): Promise<void>;
}

function sqlitePlace(): Place {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-funnel-'));
  return {
    env: { DATA_DIR: dataDir },
    remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresPlace(): Promise<Place> {
  const schema = `bench_funnel_${randomBytes(6).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-funnel-'));
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`create schema ${schema}`);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: schema },
    remove: async () => {
      await admin(`drop schema if exists ${schema} cascade`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The median time of the funnel over the 30 days of events, in a migrated, filled database. */
async function funnelMs(place: Place): Promise<number> {
  const config = loadConfig({ ...process.env, ...place.env, NODE_ENV: undefined });
  const db: Kysely<Database> = await openDatabase(config.database);
  try {
    await migrateToLatest(
      db,
      config.database.kind === 'postgres' ? config.database.schema : undefined,
    );
    const fromDay = Math.floor(Date.now() / DAY_MS) - DAYS + 1;
    const fromMs = fromDay * DAY_MS;
    const batch = 500;
    for (let at = 0; at < EVENTS; at += batch) {
      const rows = Array.from({ length: Math.min(batch, EVENTS - at) }, (_, k) =>
        eventAt(at + k, fromMs),
      );
      await db.insertInto('auth_events').values(rows).execute();
    }
    // As autovacuum would after so many inserts; SQLite keeps no statistics unless asked.
    if (config.database.kind === 'postgres') await sql`analyze auth_events`.execute(db);
    const period = { fromDay, toDay: fromDay + DAYS - 1 };
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      const funnel = await computeFunnel(db, period);
      times.push(performance.now() - started);
      if (funnel.period.signups !== (EVENTS / 20) * 3) throw new Error('the funnel miscounted');
    }
    return median(times);
  } finally {
    await db.destroy();
  }
}

export async function benchFunnel(): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [name, makePlace] of [
    ['SQLite', async () => sqlitePlace()],
    ['PostgreSQL', postgresPlace],
  ] as const) {
    const place = await makePlace();
    try {
      const value = await funnelMs(place);
      rows.push({
        section: 'funnel',
        figure: `${EVENTS.toLocaleString('en')} auth events, 30 days, ${name} (median of ${RUNS})`,
        value: ms(value),
        target: `< ${TARGET_MS} ms`,
        met: value < TARGET_MS,
      });
    } finally {
      await place.remove();
    }
  }
  return rows;
}
