// The durable mail queue (`app.mail`). A request stores its mail, or a job that decides what to
// mail, in the `mail_queue` table inside its own transaction; a worker in every server process
// claims due rows, runs jobs and hands messages to the transport, retrying with backoff until the
// mail server takes them. So a 201/202 means "stored and will be delivered", a crash loses
// nothing, and several processes sharing one PostgreSQL send each message once
// (`FOR UPDATE SKIP LOCKED` plus a lease).
//
// Jobs exist for the enumeration-safe requests (sign-up, resend, password reset): the request
// does the same work whatever the email (one insert), and the worker, started a random moment
// after the answer has left (`kickAfter`), finds out whether the email has an account and what to
// send.
import { randomBytes } from 'node:crypto';

import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';

import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { Clock } from '../plugins/resources';
import { signMail } from './signature';
import { createTransport, type MailMessage } from './transport';

export type { MailMessage } from './transport';

/** Decides, inside the worker's transaction, what a job mails (nothing is fine). */
export type JobHandler = (
  trx: Kysely<Database>,
  payload: Record<string, unknown>,
) => Promise<MailMessage[]>;

export interface MailQueue {
  /** Stores a message; pass the request's transaction so the mail exists only if its data does. */
  send(db: Kysely<Database>, message: MailMessage): Promise<void>;
  /** Stores a job for the handler registered under `kind`. */
  job(db: Kysely<Database>, kind: string, payload: Record<string, unknown>): Promise<void>;
  /** Registers what a job kind does; call while the server is being built. */
  handle(kind: string, handler: JobHandler): void;
  /** Looks for due rows now rather than at the next poll (after a commit). */
  kick(): void;
  /**
   * `kick()` a random moment (`MAIL_KICK_DELAY_MS`) after this answer has left (or its connection
   * has closed). The worker shares the request's thread, and on SQLite its queries run on it:
   * started before the answer, the work a job finds (a new code and a message for a pending or
   * activated account, nothing for an unknown email) would delay the answer; started right after
   * it, the request that follows. A request sent at any moment after the answer now meets the
   * worker only by chance, and then waits for one of its steps, not all of them.
   */
  kickAfter(reply: FastifyReply): void;
  /** Resolves once nothing is due (tests, shutdown). */
  idle(): Promise<void>;
  /** Whether some mail has failed several times and is still waiting (for /healthz). */
  failing(): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailQueue;
  }
}

export const MESSAGE_KIND = 'message';

/** A row that failed this many times makes /healthz report the mail queue. */
export const FAILING_AFTER_ATTEMPTS = 3;

const BATCH = 20;

/** How long a stopping server keeps sending what is due. */
const CLOSE_DRAIN_MS = 5_000;

/** Lets pending I/O (a request that has arrived) run before the worker's next step. */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Between a tenth of `maxMs` and all of it, at random. */
function kickDelay(maxMs: number): number {
  return maxMs / 10 + Math.random() * maxMs * 0.9;
}

/** Retry after 1 s, 2 s, 4 s ... at most 5 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(1000 * 2 ** Math.max(attempts - 1, 0), 5 * 60_000);
}

let sequence = 0;
/** Sortable: rows are claimed in the order they were stored (jobs for one email stay in order). */
function newId(now: number): string {
  sequence = (sequence + 1) % 1_000_000;
  return `${now.toString().padStart(15, '0')}-${sequence.toString().padStart(6, '0')}-${randomBytes(6).toString('hex')}`;
}

export interface MailQueueOptions {
  config: Config;
  db: Kysely<Database>;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Sees every error of a job or a delivery (a full disk is a database failure for /healthz). */
  onError?: (error: unknown) => void;
}

interface ClaimedRow {
  id: string;
  kind: string;
  payload: string;
  attempts: number;
  available_at: number;
}

export function createMailQueue({ config, db, clock, log, onError }: MailQueueOptions) {
  const transport = createTransport(config.mail);
  const handlers = new Map<string, JobHandler>();
  const postgres = config.database.kind === 'postgres';
  const leaseMs = config.mail.leaseSeconds * 1000;
  let running: Promise<void> | undefined;
  let again = false;
  let closing = false;

  async function insert(executor: Kysely<Database>, kind: string, payload: unknown) {
    const now = clock.nowMs();
    await executor
      .insertInto('mail_queue')
      .values({
        id: newId(now),
        kind,
        payload: JSON.stringify(payload),
        attempts: 0,
        available_at: now,
        created_at: now,
        last_error: null,
      })
      .execute();
  }

  /** Takes due rows for one lease; another process skips them (and rows it has locked). */
  async function claim(): Promise<ClaimedRow[]> {
    const now = clock.nowMs();
    // A read first: an idle queue never writes (and never waits for SQLite's write lock).
    const any = await db
      .selectFrom('mail_queue')
      .select('id')
      .where('available_at', '<=', now)
      .limit(1)
      .executeTakeFirst();
    if (!any) return [];
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
    const payload = JSON.parse(row.payload) as Record<string, unknown>;
    if (row.kind === MESSAGE_KIND) {
      await transport.deliver(signMail(payload as unknown as MailMessage, config.mail.appName));
      await db.deleteFrom('mail_queue').where('id', '=', row.id).execute();
      return;
    }
    const handler = handlers.get(row.kind);
    if (!handler) throw new Error(`no handler for mail job "${row.kind}"`);
    await db.transaction().execute(async (trx) => {
      // Still ours (the lease has not passed to another process): the job runs once.
      const owned = await trx
        .deleteFrom('mail_queue')
        .where('id', '=', row.id)
        .where('available_at', '=', row.available_at)
        .executeTakeFirst();
      if (owned.numDeletedRows === 0n) return;
      for (const message of await handler(trx, payload)) await insert(trx, MESSAGE_KIND, message);
    });
  }

  async function failed(row: ClaimedRow, error: unknown): Promise<void> {
    onError?.(error);
    const reason = error instanceof Error ? error.message : String(error);
    log.warn({ kind: row.kind, attempts: row.attempts, reason }, 'mail not sent yet; will retry');
    await db
      .updateTable('mail_queue')
      .set({
        available_at: clock.nowMs() + retryDelayMs(row.attempts),
        // Transport errors name the server and the SMTP reply, never the message.
        last_error: reason.slice(0, 500),
      })
      .where('id', '=', row.id)
      .where('available_at', '=', row.available_at)
      .execute()
      .catch((cause: unknown) => log.warn({ err: cause }, 'could not reschedule mail'));
  }

  /** One claim and its rows; returns how many rows it took. */
  async function pass(): Promise<number> {
    let rows: ClaimedRow[];
    // Each claim and each row is one step; better-sqlite3 runs a step's queries without letting
    // the event loop turn, so a request waits for the step in progress at most.
    await yieldToRequests();
    try {
      rows = await claim();
    } catch (error) {
      log.warn({ err: error }, 'mail queue unreachable');
      return 0;
    }
    for (const row of rows) {
      await yieldToRequests();
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

  const queue: MailQueue = {
    send: (executor, message) => insert(executor, MESSAGE_KIND, message),
    job: (executor, kind, payload) => insert(executor, kind, payload),
    handle(kind, handler) {
      if (kind === MESSAGE_KIND || handlers.has(kind)) throw new Error(`mail job "${kind}" taken`);
      handlers.set(kind, handler);
    },
    kick,
    kickAfter(reply) {
      reply.raw.once('close', () => {
        // Through the queue object, so that a kick replaced in a test is the one called.
        const later = setTimeout(() => queue.kick(), kickDelay(config.mail.kickDelayMs));
        later.unref();
      });
    },
    async idle() {
      for (;;) {
        kick();
        await running;
        const due = await db
          .selectFrom('mail_queue')
          .select('id')
          .where('available_at', '<=', clock.nowMs())
          .limit(1)
          .executeTakeFirst();
        if (!due) return;
      }
    },
    async failing() {
      const row = await db
        .selectFrom('mail_queue')
        .select('id')
        .where('attempts', '>=', FAILING_AFTER_ATTEMPTS)
        .where('last_error', 'is not', null)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };

  /** Stops polling; what is due is still tried for a few seconds, so a clean stop leaves no job. */
  async function close(): Promise<void> {
    closing = true;
    clearInterval(timer);
    await running;
    await drain(Date.now() + CLOSE_DRAIN_MS);
    transport.close();
  }

  return { queue, close };
}

const mailQueuePlugin: FastifyPluginAsync = async (app) => {
  const { queue, close } = createMailQueue({
    config: app.config,
    db: app.db,
    clock: app.clock,
    log: app.log,
    onError: (error) => app.writeFailures?.note(error),
  });
  app.decorate('mail', queue);
  // Rows stored before a restart (or by a process that died) are picked up once the server runs.
  app.addHook('onReady', async () => queue.kick());
  app.addHook('onClose', close);
};

export default fp(mailQueuePlugin, {
  name: 'mail-queue',
  fastify: '5.x',
  decorators: { fastify: ['db', 'config', 'clock'] },
});
