// Requests per second on loopback, side by side in one run: verify (valid and invalid token)
// against a bare Fastify route that returns a constant, on SQLite and on PostgreSQL; and verify
// with the Prometheus metrics on against off.
import { randomBytes } from 'node:crypto';

import autocannon from 'autocannon';
import pg from 'pg';

import { API_PATHS } from '../../contract/api';
import { median, ratio, type Row } from '../table';
import { bareRoute, BENCH_ACCOUNT, benchServer as startBenchServer } from './benchServer';

const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const RUN = { connections: 50, duration: 10 };
/** Bare route and verify alternate in rounds (ABBA order), and the median round is read. */
const ROUNDS = 4;
const ROUND_SECONDS = 5;

async function cannon(
  url: string,
  headers: Record<string, string> = {},
  duration: number = RUN.duration,
) {
  const result = await autocannon({ url, headers, ...RUN, duration });
  const errors = result.errors + result.timeouts + result.non2xx;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

type Cannon = Awaited<ReturnType<typeof cannon>>;

const TARGETS: Record<string, number> = { SQLite: 0.6, PostgreSQL: 0.35 };

/** The round with the median req/s (its p99 goes with it). */
function medianRun(runs: Cannon[]): Cannon {
  const sorted = [...runs].sort((a, b) => a.rps - b.rps);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

async function loginsPerSecond(url: string): Promise<number> {
  const started = performance.now();
  let done = 0;
  const body = JSON.stringify({ email: BENCH_ACCOUNT.email, password: BENCH_ACCOUNT.password });
  while (performance.now() - started < 3000) {
    await Promise.all(
      Array.from({ length: 4 }, () =>
        fetch(url + API_PATHS.login, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        }),
      ),
    );
    done += 4;
  }
  return done / ((performance.now() - started) / 1000);
}

async function engineRows(
  name: string,
  env: NodeJS.ProcessEnv,
  bare: { url: string },
): Promise<Row[]> {
  const bench = await startBenchServer(env);
  try {
    const verifyUrl = bench.server.url + API_PATHS.verify;
    // One long run of each, one after the other, moved by 0.1x between runs: whichever ran
    // second met a warmer or a busier process. Alternating short rounds cancels the order.
    const rounds: { base: Cannon; valid: Cannon }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const runBase = () => cannon(bare.url, {}, ROUND_SECONDS);
      const runValid = () =>
        cannon(verifyUrl, { authorization: `Bearer ${bench.token}` }, ROUND_SECONDS);
      if (round % 2 === 0) {
        const base = await runBase();
        rounds.push({ base, valid: await runValid() });
      } else {
        const valid = await runValid();
        rounds.push({ base: await runBase(), valid });
      }
    }
    const shares = rounds.map((r) => r.valid.rps / r.base.rps).sort((a, b) => a - b);
    const share = median(shares);
    const base = medianRun(rounds.map((r) => r.base));
    const valid = {
      ...medianRun(rounds.map((r) => r.valid)),
      errors: rounds.reduce((sum, r) => sum + r.valid.errors, 0),
    };
    const invalid = await cannon(verifyUrl, { authorization: 'Bearer not-a-session' });
    const logins = await loginsPerSecond(bench.server.url);
    const target = TARGETS[name];
    const section = `server ${name}`;
    return [
      {
        section,
        figure: 'bare route req/s (p99)',
        value: `${base.rps.toFixed(0)} (${base.p99} ms)`,
      },
      {
        section,
        figure: 'verify valid req/s (p99)',
        value: `${valid.rps.toFixed(0)} (${valid.p99} ms)`,
      },
      {
        section,
        figure: `verify valid / bare (median of ${ROUNDS} rounds)`,
        value: `${ratio(share)} (${ratio(shares[0]!)} to ${ratio(shares.at(-1)!)})`,
        ...(target ? { target: `>= ${ratio(target)}`, met: share >= target } : {}),
      },
      {
        section,
        figure: 'verify valid errors',
        value: String(valid.errors),
        target: '0',
        met: valid.errors === 0,
      },
      // An invalid token answers 401 by design: only transport errors count here.
      {
        section,
        figure: 'verify invalid req/s (p99)',
        value: `${invalid.rps.toFixed(0)} (${invalid.p99} ms)`,
      },
      {
        section,
        figure: 'verify invalid non-401',
        value: String(invalid.errors - invalid.non2xx),
        target: '0',
        met: invalid.errors === invalid.non2xx,
      },
      { section, figure: 'logins/s (argon2id OWASP)', value: logins.toFixed(1) },
    ];
  } finally {
    await bench.close();
  }
}

/**
 * Verify's req/s with the metrics on (METRICS_PORT) and off, two servers side by side on the same
 * engine, in alternating rounds as above; the metrics may cost at most 5 %.
 */
async function metricsRows(name: string, env: NodeJS.ProcessEnv, onEnv: NodeJS.ProcessEnv) {
  const off = await startBenchServer(env);
  const on = await startBenchServer({ ...env, ...onEnv, METRICS_PORT: '0' });
  try {
    const verify = (bench: typeof on) => () =>
      cannon(
        bench.server.url + API_PATHS.verify,
        { authorization: `Bearer ${bench.token}` },
        ROUND_SECONDS,
      );
    const rounds: { off: Cannon; on: Cannon }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      if (round % 2 === 0) {
        const offRun = await verify(off)();
        rounds.push({ off: offRun, on: await verify(on)() });
      } else {
        const onRun = await verify(on)();
        rounds.push({ off: await verify(off)(), on: onRun });
      }
    }
    const shares = rounds.map((r) => r.on.rps / r.off.rps).sort((a, b) => a - b);
    const share = median(shares);
    const offRun = medianRun(rounds.map((r) => r.off));
    const onRun = medianRun(rounds.map((r) => r.on));
    const errors = rounds.reduce((sum, r) => sum + r.on.errors + r.off.errors, 0);
    const section = `server ${name}`;
    return [
      {
        section,
        figure: 'verify req/s (p99), metrics off, on',
        value: `${offRun.rps.toFixed(0)} (${offRun.p99} ms), ${onRun.rps.toFixed(0)} (${onRun.p99} ms)`,
      },
      {
        section,
        figure: `verify metrics on / off (median of ${ROUNDS} rounds)`,
        value: `${ratio(share)} (${ratio(shares[0]!)} to ${ratio(shares.at(-1)!)})`,
        target: `>= ${ratio(0.95)}`,
        met: share >= 0.95 && errors === 0,
      },
    ] satisfies Row[];
  } finally {
    await on.close();
    await off.close();
  }
}

export async function benchServer(): Promise<Row[]> {
  const bare = await bareRoute();
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  try {
    const rows = await engineRows('SQLite', {}, bare);
    rows.push(...(await metricsRows('SQLite', {}, {})));
    const postgres = { DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: schema };
    rows.push(...(await engineRows('PostgreSQL', postgres, bare)));
    // Schemas of their own: the bench account already exists in the first one.
    rows.push(
      ...(await metricsRows(
        'PostgreSQL',
        { ...postgres, DATABASE_SCHEMA: `${schema}_off` },
        { DATABASE_SCHEMA: `${schema}_on` },
      )),
    );
    return rows;
  } finally {
    await bare.close();
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    for (const suffix of ['_off', '_on']) {
      await admin.query(`drop schema if exists ${schema}${suffix} cascade`);
    }
    await admin.end();
  }
}
