// The probes: /livez (the process serves: nothing else is asked, so a slow database never gets a
// live process restarted), /readyz (the database, and Redis when configured, answer) and /healthz
// (ready, with the mail queue's state as a detail). A mail server that is down is no reason to take
// a replica out of rotation: the mail waits in the queue and leaves once it is back.
import { sql } from 'kysely';

import { defineRoutes } from '../http/endpoints';
import { errorBody } from '../http/errors';

/** A dependency that does not answer within this is failing, not slow. */
const CHECK_TIMEOUT_MS = 2_000;

type Dependency = 'database' | 'redis';

function withinTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in time')), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const OK = { error: false as const, ok: true as const };

/** Every configured dependency is asked at once; a failing answer names each one that failed. */
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

  const failingDependencies = async (): Promise<Dependency[]> => {
    const results = await Promise.allSettled(checks.map(([, check]) => withinTimeout(check())));
    return checks.filter((_, index) => results[index]?.status === 'rejected').map(([name]) => name);
  };

  const notReady = (failing: Dependency[]) => {
    const message = `Not working: ${failing.join(', ')}.`;
    return { ...errorBody('SERVICE_UNAVAILABLE', undefined, message), ok: false as const, failing };
  };

  return {
    live: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return OK;
    },

    ready: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const failing = await failingDependencies();
      if (failing.length === 0) return OK;
      for (const name of failing) request.log.error(`${name} readiness check failed`);
      return reply.code(503).send(notReady(failing));
    },

    health: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const [failing, retrying] = await Promise.all([
        failingDependencies(),
        withinTimeout(app.mail.failing()).catch(() => false),
      ]);
      if (failing.length > 0) {
        for (const name of failing) request.log.error(`${name} health check failed`);
        return reply.code(503).send(notReady(failing));
      }
      return { ...OK, mail: retrying ? ('retrying' as const) : ('ok' as const) };
    },
  };
});

export default healthRoutes;
