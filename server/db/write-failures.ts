// A full disk (or a read-only or failing one) still answers `select 1`: /healthz learns of it from
// the writes that failed. The database counts as failing while such a failure is recent.
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/** SQLite's full, I/O, read-only and cannot-open errors; PostgreSQL's class 53 (resources). */
const STORAGE_FAILURE = /^(SQLITE_(FULL|IOERR|READONLY|CANTOPEN)|53)/;

/** How long one failed write keeps the database reported as failing. */
export const RECENT_MS = 30_000;

export interface WriteFailures {
  /** Called with any error a query threw; only storage failures count. */
  note(error: unknown): void;
  /** Whether a storage failure happened within the last RECENT_MS. */
  recent(): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    writeFailures: WriteFailures;
  }
}

export function isStorageFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && STORAGE_FAILURE.test(code);
}

export function createWriteFailures(now: () => number = Date.now): WriteFailures {
  let lastFailure = -Infinity;
  return {
    note(error) {
      if (isStorageFailure(error)) lastFailure = now();
    },
    recent: () => now() - lastFailure < RECENT_MS,
  };
}

const writeFailuresPlugin: FastifyPluginAsync = async (app) => {
  app.decorate(
    'writeFailures',
    createWriteFailures(() => app.clock.nowMs()),
  );
};

export default fp(writeFailuresPlugin, {
  name: 'write-failures',
  fastify: '5.x',
  decorators: { fastify: ['clock'] },
});
