// A mail job: work a request stores with its answer (one row of the same shape whatever the email),
// and that the mail worker runs later, off the request's thread, to find out what to send. Each
// kind is defined once, with the schema of its payload: the request's enqueue is typed by it, and
// the worker checks a claimed payload against it before running it (a row stored by an older
// version, or written by hand, fails with its kind named instead of running half-understood).
import type { Kysely } from 'kysely';
import * as v from 'valibot';

import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { Clock } from '../plugins/resources';
import { mailPack, type MailLanguage } from './language';
import type { MailMessage } from './transport';

/** What a job may use besides its transaction: no request, no Fastify instance. */
export interface JobContext {
  config: Config;
  clock: Clock;
  /**
   * A link into the app under PUBLIC_URL, e.g. `link(ROUTES.activation, {email, code}, language)`;
   * a mail's links carry its language's pack (`lang=`), which the app takes before its first view.
   */
  link(path: string, query?: Record<string, string>, language?: MailLanguage): string;
}

export interface MailJob<Payload> {
  kind: string;
  /**
   * Checks a claimed row's payload against the kind's schema, then decides, inside the worker's
   * transaction, what to mail (nothing is fine).
   */
  run(trx: Kysely<Database>, payload: unknown, context: JobContext): Promise<MailMessage[]>;
  /** Only carries the payload's type to `enqueue`: never set. */
  readonly payload?: Payload;
}

/** What a job kind's request stores. */
export type JobPayload<Job> = Job extends MailJob<infer Payload> ? Payload : never;

export function defineJob<Payload>(
  kind: string,
  schema: v.GenericSchema<unknown, Payload>,
  run: (trx: Kysely<Database>, payload: Payload, context: JobContext) => Promise<MailMessage[]>,
): MailJob<Payload> {
  return {
    kind,
    run(trx, payload, context) {
      const checked = v.safeParse(schema, payload);
      if (!checked.success) {
        const where = checked.issues.map((issue) => v.getDotPath(issue) ?? '(payload)');
        throw new Error(`mail job "${kind}" has a payload it cannot run (${where.join(', ')})`);
      }
      return run(trx, checked.output, context);
    },
  };
}

/** A link maker for a base URL known now or later (a server's port is known once it listens). */
export function linkMaker(base: () => string | undefined): JobContext['link'] {
  return (path, query = {}, language) => {
    const root = base();
    if (root === undefined) throw new Error('links need PUBLIC_URL or a listening server');
    // Relative to the base, so a PUBLIC_URL with a path prefix keeps it.
    const url = new URL(path.replace(/^\/+/, ''), `${root}/`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    if (language) url.searchParams.set('lang', mailPack(language));
    return url.href;
  };
}
