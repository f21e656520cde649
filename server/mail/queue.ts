// The durable mail queue (`app.mail`). A request stores its mail, or a job that decides what to
// mail, in the `mail_queue` table inside its own transaction; the mail worker (./worker.ts), in a
// thread of its own, claims due rows, runs jobs and hands messages to the transport, retrying
// until the mail server takes them. So a 201/202 means "stored and will be delivered", a crash
// loses nothing, and several processes sharing one PostgreSQL send each message once.
//
// Jobs exist for the enumeration-safe requests (sign-up, resend, password reset, email change):
// the request does the same work whatever the email (one insert), and the worker finds out, off the
// request's thread, whether the email has an account and what to send (../auth/mail-jobs.ts).
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';

import { ACCOUNT_JOBS } from '../auth/mail-jobs';
import type { Database } from '../db/schema';
import { systemClock } from '../plugins/resources';
import { countSetAsideMail } from '../repo/mail-queue';
import { linkMaker, type MailJob } from './jobs';
import { createMailThread } from './thread';
import type { MailMessage } from './transport';
import {
  anyMailDue,
  createMailWorker,
  mailRowInserter,
  MESSAGE_KIND,
  type MailWorker,
} from './worker';

export type { MailMessage } from './transport';

export interface MailQueue {
  /** Stores a message; pass the request's transaction so the mail exists only if its data does. */
  send(db: Kysely<Database>, message: MailMessage): Promise<void>;
  /** Stores a job, with the payload its kind expects, for the worker to run. */
  enqueue<Payload>(db: Kysely<Database>, job: MailJob<Payload>, payload: Payload): Promise<void>;
  /** Has the worker look for due rows now rather than at its next poll (after a commit). */
  kick(): void;
  /**
   * `kick()` a random moment (`MAIL_KICK_DELAY_MS`) after this answer has left (or its connection
   * has closed). The worker runs in its own thread, but on SQLite its transactions take the one
   * write lock: started at a moment tied to the answer, a job that writes more (a known email)
   * could still hold up a write the next request makes. Started at a random moment, it meets a
   * given request only by chance.
   */
  kickAfter(reply: FastifyReply): void;
  /** Resolves once nothing is due (tests, shutdown). */
  idle(): Promise<void>;
  /**
   * Whether some mail has failed several times and is still waiting (for /healthz); mail set
   * aside as one that can never be sent is not waiting.
   */
  failing(): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailQueue;
  }
}

/** A row that failed this many times shows in /healthz as mail `retrying`. */
export const FAILING_AFTER_ATTEMPTS = 3;

/** Between a tenth of `maxMs` and all of it, at random. */
function kickDelay(maxMs: number): number {
  return maxMs / 10 + Math.random() * maxMs * 0.9;
}

const mailQueuePlugin: FastifyPluginAsync = async (app) => {
  const { config, db, clock } = app;
  const warn = (fields: Record<string, unknown>, message: string) => app.log.warn(fields, message);
  const noteFailure = (error: unknown) => app.writeFailures?.note(error);
  /** A mail or job that failed (the worker's one report of it): counted, then noted. */
  const failed = (error: unknown) => {
    app.metrics.mailFailed();
    noteFailure(error);
  };
  const insert = mailRowInserter(clock);
  // A thread cannot open an in-memory database, nor read a test's own clock: there, and only
  // there, the worker shares the request thread.
  const inMemory = config.database.kind === 'sqlite' && config.database.file === ':memory:';
  let worker: MailWorker;
  let setBase = (_url: string) => {};
  if (inMemory || clock !== systemClock) {
    let base = config.publicUrl;
    setBase = (url) => {
      base = url;
    };
    worker = createMailWorker({
      config,
      db,
      clock,
      link: linkMaker(() => base),
      jobs: ACCOUNT_JOBS,
      warn,
      onError: failed,
    });
  } else {
    const thread = createMailThread({
      config,
      warn,
      onFailure: (code) => failed({ code }),
    });
    setBase = thread.setBase;
    worker = thread;
    // Until the thread runs (it starts with the first mail), this thread looks for rows another
    // process stored; from then on the thread polls on its own.
    const poll = setInterval(() => {
      if (!thread.started()) void anyDue().then((due) => due && queue.kick(), noteFailure);
    }, config.mail.pollMs);
    poll.unref();
    app.addHook('onClose', async () => clearInterval(poll));
  }

  let closing = false;

  /** Whether any row is due now: read on this thread, the same one query whatever is stored. */
  const anyDue = () => anyMailDue(db, clock.nowMs());

  const queue: MailQueue = {
    send: (executor, message) => insert(executor, MESSAGE_KIND, message),
    enqueue: (executor, job, payload) => insert(executor, job.kind, payload),
    // Once closing, a kick (an answer's delayed one, the poll's) would start a thread no one stops.
    kick: () => {
      if (!closing) worker.kick();
    },
    kickAfter(reply) {
      reply.raw.once('close', () => {
        // Through the queue object, so that a kick replaced in a test is the one called.
        const later = setTimeout(() => queue.kick(), kickDelay(config.mail.kickDelayMs));
        later.unref();
      });
    },
    idle: () => worker.idle(),
    async failing() {
      const row = await db
        .selectFrom('mail_queue')
        .select('id')
        .where('attempts', '>=', FAILING_AFTER_ATTEMPTS)
        .where('last_error', 'is not', null)
        .where('set_aside_at', 'is', null)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
  app.decorate('mail', queue);
  app.addHook('onListen', async () => {
    if (config.publicUrl === undefined) setBase(app.link('/').replace(/\/$/, ''));
  });
  // Rows stored before a restart (or by a process that died) are picked up once the server runs;
  // mail set aside is named once, for an operator.
  app.addHook('onReady', async () => {
    if (await anyDue().catch(() => false)) queue.kick();
    const setAside = await countSetAsideMail(db).catch(() => 0);
    if (setAside > 0) warn({ setAside }, 'mail set aside as never sendable waits for an operator');
  });
  // What is due is still sent for a few seconds, so a clean stop leaves no job behind.
  app.addHook('onClose', async () => {
    if (await anyDue().catch(() => false)) queue.kick();
    closing = true;
    await worker.close();
  });
};

export default fp(mailQueuePlugin, {
  name: 'mail-queue',
  fastify: '5.x',
  decorators: { fastify: ['db', 'config', 'clock'] },
});
