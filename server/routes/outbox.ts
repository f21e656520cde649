import type { FastifyPluginAsync } from 'fastify';

import { API_PATHS, type OutboxMessage } from '../../contract/api';
import { OutboxOk } from '../../contract/schemas';
import { withContract } from '../http/schemas';
import { readOutbox } from '../mail/outbox';

/** Registered only in the outbox mail mode (see config.mail.outboxEndpoint). */
const outboxRoutes: FastifyPluginAsync = async (instance) => {
  const app = withContract(instance);
  app.get(
    API_PATHS.outbox,
    { schema: { response: { 200: OutboxOk } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const { outboxDir, outboxMax } = app.config.mail;
      const messages: OutboxMessage[] = await readOutbox(outboxDir, outboxMax);
      return { error: false as const, messages };
    },
  );
};

export default outboxRoutes;
