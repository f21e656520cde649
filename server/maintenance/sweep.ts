// Deletes what has ended: expired sessions, expired codes, later sign-ups no code can use any
// more, and request counters past their window. Every server process runs it; the deletes are
// idempotent, so two at once only share the work.
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { sql, type Kysely } from 'kysely';

import { sqliteConnectionOf } from '../db/connect';
import type { Database } from '../db/schema';

export interface SweepOptions {
  /** Unix seconds. */
  now: number;
  /** How long past its end a row is kept. */
  graceSeconds: number;
  /** Rows per delete statement: each is a short write, so requests keep their turn between them. */
  batch: number;
}

export interface SweepCounts {
  sessions: number;
  activationCodes: number;
  accountCodes: number;
  registrations: number;
  rateLimits: number;
}

type Table = keyof Database | 'rate_limits';

type Condition = ReturnType<typeof sql>;

/**
 * Deletes up to `batch` rows of `table` that `candidates` selects (picked by their primary key,
 * `key`), and returns how many went. On PostgreSQL the rows another process is deleting are
 * skipped, not waited for.
 */
async function deleteBatch(
  db: Kysely<Database>,
  table: Table,
  key: string[],
  candidates: Condition,
  batch: number,
): Promise<number> {
  const lock = sqliteConnectionOf(db) ? sql`` : sql`for update skip locked`;
  const columns = sql.join(key.map((column) => sql.ref(column)));
  const result = await sql`delete from ${sql.table(table)} where (${columns}) in (
      select ${columns} from ${sql.table(table)} where ${candidates}
      limit ${batch} ${lock})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

async function sweepTable(
  db: Kysely<Database>,
  table: Table,
  key: string[],
  candidates: Condition,
  batch: number,
): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch(db, table, key, candidates, batch);
    total += deleted;
    if (deleted < batch) return total;
    // Requests waiting for the database go first.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** One pass over every table, in batches. */
export async function sweep(db: Kysely<Database>, options: SweepOptions): Promise<SweepCounts> {
  const { batch } = options;
  const cutoff = options.now - options.graceSeconds;
  const sessions = await sweepTable(
    db,
    'sessions',
    ['token_hash'],
    sql`expires_at < ${cutoff}`,
    batch,
  );
  const activationCodes = await sweepTable(
    db,
    'activation_codes',
    ['user_id'],
    sql`expires_at < ${cutoff}`,
    batch,
  );
  const accountCodes = await sweepTable(
    db,
    'account_codes',
    ['user_id', 'purpose'],
    sql`expires_at < ${cutoff}`,
    batch,
  );
  // A later sign-up's password is checked only with its account's activation code: once that code
  // has ended (and been swept), a sign-up older than the grace has nothing left to match. A new code
  // asked for later activates with the first sign-up's password, or one chosen with the code.
  const registrations = await sweepTable(
    db,
    'registrations',
    ['id'],
    sql`created_at < ${cutoff} and not exists (
      select 1 from activation_codes where activation_codes.user_id = registrations.user_id)`,
    batch,
  );
  // Counters' ends are Unix milliseconds; a counter without an end is kept.
  const rateLimits = await sweepTable(
    db,
    'rate_limits',
    ['key'],
    sql`expire < ${cutoff * 1000}`,
    batch,
  );
  return { sessions, activationCodes, accountCodes, registrations, rateLimits };
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
