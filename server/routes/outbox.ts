import type { OutboxMessage } from '../../contract/api';
import { defineRoutes } from '../http/endpoints';
import { readOutbox } from '../mail/outbox';

/** Registered only in the outbox mail mode (see config.mail.outboxEndpoint). */
const outboxRoutes = defineRoutes((app) => ({
  outbox: async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const { outboxDir, outboxMax } = app.config.mail;
    const messages: OutboxMessage[] = await readOutbox(outboxDir, outboxMax);
    return { error: false as const, messages };
  },
}));

export default outboxRoutes;
