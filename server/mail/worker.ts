// The mail worker: claims due rows of `mail_queue`, runs jobs and hands messages to the transport,
// retrying with backoff until the mail server takes them. Several processes sharing one PostgreSQL
// send each message once (`FOR UPDATE SKIP LOCKED` plus a lease). It runs in a thread of its own
// (./thread.ts), with its own database connection, so that what a job finds out (a new code and a
// message for a known email, nothing for an unknown one) never runs on the thread that answers
// requests; in the same thread only where it cannot run apart (an in-memory database, a test's
// own clock).
import { randomBytes } from 'node:crypto';

import type { Kysely } from 'kysely';

import type { Config } from '../config';
import { failureKind } from '../db/failures';
import type { Database } from '../db/schema';
import type { Clock } from '../plugins/resources';
import type { JobContext, MailJob } from './jobs';
import { signMail } from './signature';
import { createTransport, type MailMessage } from './transport';

export const MESSAGE_KIND = 'message';

/** How long a stopping server keeps sending what is due. */
export const CLOSE_DRAIN_MS = 5_000;

const BATCH = 20;

/** The one thing the worker logs: a mail that will be tried again. */
export type WorkerLog = (fields: Record<string, unknown>, message: string) => void;

/**
 * A set-aside row's `available_at`: past every claim (the due index keeps serving the claims,
 * however many rows are set aside).
 */
export const SET_ASIDE = Number.MAX_SAFE_INTEGER;

/** Nodemailer's codes for a mail server that cannot be reached or talked to now. */
const UNREACHABLE = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'EAUTH']);

/**
 * Whether a failure may pass by itself, so that its row is tried again however often it fails:
 * the database, Redis or the disk not answering (or a unique race), a system call that failed
 * (the outbox's disk, the network), the mail server unreachable, busy (4xx) or refusing this
 * server's login (a setting, fixed for every mail at once). Anything else (the database refusing
 * the job's data, a payload its kind cannot run, a 5xx refusal of the message) cannot.
 */
export function mayPass(error: unknown): boolean {
  if (failureKind(error) !== undefined) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { code, responseCode, syscall } = error as {
    code?: unknown;
    responseCode?: unknown;
    syscall?: unknown;
  };
  if (typeof responseCode === 'number') return responseCode < 500 || code === 'EAUTH';
  if (typeof syscall === 'string') return true;
  return typeof code === 'string' && UNREACHABLE.has(code);
}

/** Retry after 1 s, 2 s, 4 s ... at most 5 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(1000 * 2 ** Math.max(attempts - 1, 0), 5 * 60_000);
}

/** Lets pending I/O run before the worker's next step (on the request thread, a request). */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface MailWorkerOptions {
  config: Config;
  db: Kysely<Database>;
  clock: Clock;
  link: JobContext['link'];
  jobs: ReadonlyArray<MailJob<unknown>>;
  warn: WorkerLog;
  /** Sees every error of a job or a delivery (a full disk is a database failure for /healthz). */
  onError?: (error: unknown) => void;
}

export interface MailWorker {
  /** Looks for due rows now rather than at the next poll. */
  kick(): void;
  /** Resolves once nothing is due. */
  idle(): Promise<void>;
  /** Stops polling; what is due is still tried for a few seconds, so a clean stop leaves no job. */
  close(): Promise<void>;
}

interface ClaimedRow {
  id: string;
  kind: string;
  payload: string;
  attempts: number;
  available_at: number;
}

/** Whether any row of `mail_queue` is due at `nowMs`: one indexed read, whatever is stored. */
export async function anyMailDue(db: Kysely<Database>, nowMs: number): Promise<boolean> {
  const row = await db
    .selectFrom('mail_queue')
    .select('id')
    .where('available_at', '<=', nowMs)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Stores a row of `mail_queue`; ids sort in the order rows were stored. */
export function mailRowInserter(clock: Clock) {
  let sequence = 0;
  return async (executor: Kysely<Database>, kind: string, payload: unknown) => {
    const now = clock.nowMs();
    sequence = (sequence + 1) % 1_000_000;
    const random = randomBytes(6).toString('hex');
    await executor
      .insertInto('mail_queue')
      .values({
        // Sortable: rows are claimed in the order they were stored (jobs for one email stay in
        // order); the random tail keeps two processes' ids apart.
        id: `${now.toString().padStart(15, '0')}-${sequence.toString().padStart(6, '0')}-${random}`,
        kind,
        payload: JSON.stringify(payload),
        attempts: 0,
        available_at: now,
        created_at: now,
        last_error: null,
      })
      .execute();
  };
}

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { config, db, clock, warn, onError } = options;
  const context: JobContext = { config, clock, link: options.link };
  const transport = createTransport(config.mail);
  const jobs = new Map(options.jobs.map((job) => [job.kind, job]));
  const insert = mailRowInserter(clock);
  const postgres = config.database.kind === 'postgres';
  const leaseMs = config.mail.leaseSeconds * 1000;
  let running: Promise<void> | undefined;
  let again = false;
  let closing = false;

  /** Takes due rows for one lease; another process skips them (and rows it has locked). */
  async function claim(): Promise<ClaimedRow[]> {
    const now = clock.nowMs();
    // A read first: an idle queue never writes (and never waits for SQLite's write lock).
    if (!(await anyMailDue(db, now))) return [];
    let due = db
      .selectFrom('mail_queue')
      .select('id')
      .where('available_at', '<=', now)
      .orderBy('id')
      .limit(BATCH);
    if (postgres) due = due.forUpdate().skipLocked();
    return db
      .updateTable('mail_queue')
      .set((eb) => ({ available_at: now + leaseMs, attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', due)
      .returning(['id', 'kind', 'payload', 'attempts', 'available_at'])
      .execute();
  }

  async function process(row: ClaimedRow): Promise<void> {
    const payload: unknown = JSON.parse(row.payload);
    if (row.kind === MESSAGE_KIND) {
      await transport.deliver(signMail(payload as MailMessage, config.mail.appName), row.id);
      await db.deleteFrom('mail_queue').where('id', '=', row.id).execute();
      return;
    }
    const job = jobs.get(row.kind);
    if (!job) throw new Error(`no handler for mail job "${row.kind}"`);
    await db.transaction().execute(async (trx) => {
      // Still ours (the lease has not passed to another process): the job runs once.
      const owned = await trx
        .deleteFrom('mail_queue')
        .where('id', '=', row.id)
        .where('available_at', '=', row.available_at)
        .executeTakeFirst();
      if (owned.numDeletedRows === 0n) return;
      const messages = await job.run(trx, payload, context);
      for (const message of messages) await insert(trx, MESSAGE_KIND, message);
    });
  }

  async function failed(row: ClaimedRow, error: unknown): Promise<void> {
    onError?.(error);
    const reason = error instanceof Error ? error.message : String(error);
    const now = clock.nowMs();
    // Retried without end only while the failure may pass; else a bounded number of times.
    const setAside = !mayPass(error) && row.attempts >= config.mail.setAsideAfterAttempts;
    const fields = { id: row.id, kind: row.kind, attempts: row.attempts, reason };
    if (setAside) warn(fields, 'mail set aside: it cannot be sent, and is kept for an operator');
    else warn(fields, 'mail not sent yet; will retry');
    await db
      .updateTable('mail_queue')
      .set({
        available_at: setAside ? SET_ASIDE : now + retryDelayMs(row.attempts),
        set_aside_at: setAside ? now : null,
        // Transport errors name the server and the SMTP reply, never the message.
        last_error: reason.slice(0, 500),
      })
      .where('id', '=', row.id)
      .where('available_at', '=', row.available_at)
      .execute()
      .catch((cause: unknown) => warn({ err: cause }, 'could not reschedule mail'));
  }

  /** One claim and its rows; returns how many rows it took. */
  async function pass(): Promise<number> {
    let rows: ClaimedRow[];
    // Each claim and each row is one step; better-sqlite3 runs a step's queries without letting
    // the event loop turn, so whatever else shares the thread waits for one step at most.
    await yieldToOthers();
    try {
      rows = await claim();
    } catch (error) {
      warn({ err: error }, 'mail queue unreachable');
      return 0;
    }
    for (const row of rows) {
      await yieldToOthers();
      try {
        await process(row);
      } catch (error) {
        await failed(row, error);
      }
    }
    return rows.length;
  }

  /** Passes until nothing is due (a job's messages are due at once), or until `deadline`. */
  async function drain(deadline = Infinity): Promise<void> {
    while ((await pass()) > 0 && Date.now() < deadline) {
      // Another pass: more rows, or messages a job just made.
    }
  }

  function kick(): void {
    if (closing) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await drain();
      } while (again && !closing);
    })().finally(() => {
      running = undefined;
    });
  }

  const timer = setInterval(kick, config.mail.pollMs);
  timer.unref();

  return {
    kick,
    async idle() {
      for (;;) {
        kick();
        await running;
        if (!(await anyMailDue(db, clock.nowMs()))) return;
      }
    },
    async close() {
      closing = true;
      clearInterval(timer);
      await running;
      await drain(Date.now() + CLOSE_DRAIN_MS);
      transport.close();
    },
  };
}
