// Deletes what has ended: expired sessions, expired codes, passkey challenges and provider flows,
// later sign-ups no code can use any more, and request counters past their window. Every server
// process runs it; the deletes are idempotent, so two at once only share the work.
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { sql, type Kysely } from 'kysely';

import { sqliteConnectionOf } from '../db/connect';
import type { Database } from '../db/schema';
import { ACTION_LOG_TTL_SECONDS } from '../repo/action-logs';

export interface SweepOptions {
  /** Unix seconds. */
  now: number;
  /** How long past its end a row is kept. */
  graceSeconds: number;
  /** Rows per delete statement: each is a short write, so requests keep their turn between them. */
  batch: number;
}

type Table = keyof Database | 'rate_limits';

type Condition = ReturnType<typeof sql>;

/**
 * Deletes the rows of `table` that `candidates` selects, `batch` at a time (picked by their
 * primary key, `key`), and returns how many went. On PostgreSQL the rows another process is
 * deleting are skipped, not waited for.
 */
async function sweepTable(
  db: Kysely<Database>,
  table: Table,
  key: string[],
  candidates: Condition,
  batch: number,
): Promise<number> {
  const lock = sqliteConnectionOf(db) ? sql`` : sql`for update skip locked`;
  const columns = sql.join(key.map((column) => sql.ref(column)));
  const deleteBatch = sql`delete from ${sql.table(table)} where (${columns}) in (
      select ${columns} from ${sql.table(table)} where ${candidates}
      limit ${batch} ${lock})`;
  let total = 0;
  for (;;) {
    const deleted = Number((await deleteBatch.execute(db)).numAffectedRows ?? 0);
    total += deleted;
    if (deleted < batch) return total;
    // Requests waiting for the database go first.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** What the sweep deletes, table by table: the key it deletes by and which rows have ended. */
const ENDED = {
  sessions: {
    table: 'sessions',
    key: ['token_hash'],
    ended: (cutoff) => sql`expires_at < ${cutoff}`,
  },
  activationCodes: {
    table: 'activation_codes',
    key: ['user_id'],
    ended: (cutoff) => sql`expires_at < ${cutoff}`,
  },
  accountCodes: {
    table: 'account_codes',
    key: ['user_id', 'purpose'],
    ended: (cutoff) => sql`expires_at < ${cutoff}`,
  },
  // Logins that waited for their second step (five minutes) and never took it.
  pendingLogins: {
    table: 'pending_logins',
    key: ['token_hash'],
    ended: (cutoff) => sql`expires_at < ${cutoff}`,
  },
  // Passkey challenges handed out (five minutes) and never answered.
  passkeyChallenges: {
    table: 'passkey_challenges',
    key: ['challenge_hash'],
    ended: (cutoff) => sql`expires_at < ${cutoff}`,
  },
  // A later sign-up's password is checked only with its account's activation code: once that code
  // has ended (and been swept, just before), a sign-up older than the grace has nothing left to
  // match. A new code asked for later activates with the first sign-up's password, or one chosen
  // with the code.
  registrations: {
    table: 'registrations',
    key: ['id'],
    ended: (cutoff) => sql`created_at < ${cutoff} and not exists (
      select 1 from activation_codes where activation_codes.user_id = registrations.user_id)`,
  },
  // Provider flows: ten minutes to come back, then a minute for the app to take the handoff.
  oidcFlows: {
    table: 'oidc_flows',
    key: ['state_hash'],
    ended: (cutoff) =>
      sql`expires_at < ${cutoff} and (handoff_expires_at is null or handoff_expires_at < ${cutoff})`,
  },
  // Counters' ends are Unix milliseconds; a counter without an end is kept.
  rateLimits: {
    table: 'rate_limits',
    key: ['key'],
    ended: (cutoff) => sql`expire < ${cutoff * 1000}`,
  },
  // The server's record of requests ends with the uploads it joins (30 days); its times are ms.
  authEvents: {
    table: 'auth_events',
    key: ['id'],
    ended: (cutoff) => sql`time < ${(cutoff - ACTION_LOG_TTL_SECONDS) * 1000}`,
  },
} satisfies Record<string, { table: Table; key: string[]; ended: (cutoff: number) => Condition }>;

export type SweepCounts = Record<keyof typeof ENDED, number>;

/** One pass over every table, in batches, in the order of ENDED. */
export async function sweep(db: Kysely<Database>, options: SweepOptions): Promise<SweepCounts> {
  const cutoff = options.now - options.graceSeconds;
  const counts: Partial<SweepCounts> = {};
  for (const [name, { table, key, ended }] of Object.entries(ENDED)) {
    counts[name as keyof SweepCounts] = await sweepTable(
      db,
      table,
      key,
      ended(cutoff),
      options.batch,
    );
  }
  return counts as SweepCounts;
}

/** Sweeps every SWEEP_INTERVAL_SECONDS (0: never), the first time at a random moment within it. */
const sweeper: FastifyPluginAsync = async (app) => {
  const { intervalSeconds, graceSeconds, batch } = app.config.sweep;
  if (intervalSeconds === 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closing = false;

  const pass = async () => {
    try {
      const counts = await sweep(app.db, { now: app.clock.nowSeconds(), graceSeconds, batch });
      const deleted = Object.values(counts).reduce((sum, n) => sum + n, 0);
      if (deleted > 0) app.log.info({ deleted: counts }, 'swept ended rows');
    } catch (error) {
      app.log.warn({ err: error }, 'sweep failed');
    }
  };
  const schedule = (delayMs: number) => {
    if (closing) return;
    timer = setTimeout(() => {
      running = pass().finally(() => {
        running = undefined;
        schedule(intervalSeconds * 1000);
      });
    }, delayMs);
    timer.unref();
  };

  // Processes started together do not sweep together.
  app.addHook('onReady', async () => schedule(Math.random() * intervalSeconds * 1000));
  app.addHook('onClose', async () => {
    closing = true;
    clearTimeout(timer);
    await running;
  });
};

export default fp(sweeper, { name: 'sweeper' });
