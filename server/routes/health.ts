import { sql } from 'kysely';

import { defineRoutes } from '../http/endpoints';
import { errorBody } from '../http/errors';

/** A dependency that does not answer within this is failing, not slow. */
const CHECK_TIMEOUT_MS = 2_000;

type Dependency = 'database' | 'redis' | 'mail';

function withinTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in time')), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Every configured dependency is asked at once; the answer names each one that failed. The mail
 * queue fails while a message has failed several times and still waits for the mail server.
 */
const healthRoutes = defineRoutes(async (app, { redis }) => {
  const { db } = app;
  const checks: Array<[Dependency, () => Promise<unknown>]> = [
    [
      'database',
      async () => {
        await sql`select 1`.execute(db);
        if (app.writeFailures?.recent()) throw new Error('writes are failing');
      },
    ],
  ];
  if (redis) checks.push(['redis', () => redis.ping()]);
  checks.push([
    'mail',
    async () => {
      // An unreachable database is reported as the database, not also as the mail.
      const failing = await app.mail.failing().catch(() => false);
      if (failing) throw new Error('mail is waiting for the mail server');
    },
  ]);

  return {
    health: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const results = await Promise.allSettled(checks.map(([, check]) => withinTimeout(check())));
      const failing = checks
        .filter((_, index) => results[index]?.status === 'rejected')
        .map(([name]) => name);
      if (failing.length === 0) return { error: false, ok: true };
      for (const name of failing) request.log.error(`${name} health check failed`);
      const message = `Not working: ${failing.join(', ')}.`;
      return reply
        .code(503)
        .send({ ...errorBody('SERVICE_UNAVAILABLE', undefined, message), ok: false, failing });
    },
  };
});

export default healthRoutes;
