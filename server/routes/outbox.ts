import type { FastifyInstance } from 'fastify';

import { API_PATHS, type OutboxMessage } from '../../contract/api';
import { readOutbox } from '../mail/outbox';
import type { RouteDeps } from './deps';

/** Registered only in the outbox mail mode (see config.mail.outboxEndpoint). */
export function registerOutboxRoute(app: FastifyInstance, { config }: RouteDeps): void {
  app.get(API_PATHS.outbox, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const messages: OutboxMessage[] = await readOutbox(config.mail.outboxDir);
    return { error: false, messages };
  });
}
