import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

import { API_PATHS } from '../../contract/api';
import { sendError } from '../http/errors';
import type { RouteDeps } from './deps';

export function registerHealthRoute(app: FastifyInstance, { db }: RouteDeps): void {
  app.get(API_PATHS.health, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await sql`select 1`.execute(db);
    } catch (error) {
      request.log.error({ err: error }, 'database health check failed');
      return sendError(reply, 503, 'SERVICE_UNAVAILABLE');
    }
    return { error: false, ok: true };
  });
}
