// Sends account mail through nodemailer: real SMTP, or the outbox folder when there is none.
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

import type { Config } from '../config';
import { writeOutboxMessage } from './outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The activation code the message carries, listed apart in the outbox for tests and demos. */
  code?: string;
}

export interface Mailer {
  /**
   * Queues the message and returns at once: the answer to the visitor never waits for (or reveals)
   * delivery, whichever branch of an account flow sent it.
   */
  send(message: MailMessage): void;
  /** Waits for queued messages, for a clean shutdown. */
  drain(): Promise<void>;
}

export function createMailer(config: Config['mail'], log: FastifyBaseLogger): Mailer {
  const transport =
    config.mode === 'smtp' && config.smtpUrl
      ? nodemailer.createTransport(config.smtpUrl)
      : nodemailer.createTransport({ jsonTransport: true });
  const pending = new Set<Promise<void>>();

  async function deliver(message: MailMessage): Promise<void> {
    const { code, ...mail } = message;
    await transport.sendMail({ from: config.from, ...mail });
    if (config.mode === 'outbox') {
      await writeOutboxMessage(config.outboxDir, {
        ...mail,
        code,
        sentAt: new Date().toISOString(),
      });
    }
  }

  return {
    send(message) {
      const job = deliver(message)
        .catch((error: unknown) => {
          log.error({ err: error }, 'mail delivery failed');
        })
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async drain() {
      await Promise.all([...pending]);
    },
  };
}
