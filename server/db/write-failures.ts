// A full disk (or a read-only or failing one) still answers `select 1`: /healthz learns of it from
// the writes that failed (a `storage` failure, db/failures.ts). The database counts as failing while such a failure is recent.
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

import { failureKind } from './failures';

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

export function createWriteFailures(now: () => number = Date.now): WriteFailures {
  let lastFailure = -Infinity;
  return {
    note(error) {
      if (failureKind(error) === 'storage') lastFailure = now();
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
