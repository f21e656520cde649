// Hands one message to the mail server (SMTP), or to the outbox folder in outbox mode.
import nodemailer from 'nodemailer';

import type { Config } from '../config';
import { removeHalfWritten, writeOutboxMessage } from './outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The same content as HTML, when there is one. */
  html?: string;
  /** The code the message carries, listed apart in the outbox for tests and demos. */
  code?: string;
  /** The link the message carries, listed apart in the outbox like the code. */
  link?: string;
}

export interface Transport {
  /**
   * Resolves once the mail server (or the outbox folder) has the message. `id` is the message's
   * own (its queue row's), the same each time it is handed over: after a crash between the mail
   * server's acceptance and the row's delete, the message goes again with the same Message-ID
   * (recipients' mail stores recognise it), and the outbox keeps it once.
   */
  deliver(message: MailMessage, id: string): Promise<void>;
  close(): void;
}

/** The Message-ID of message `id`: under the sender's domain, as RFC 5322 asks. */
export function messageIdOf(id: string, from: string): string {
  const domain = /@([^\s@<>"]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${id}@${domain}>`;
}

/** A mail server that does not answer fails the delivery; the queue retries it later. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function createTransport(config: Config['mail']): Transport {
  if (config.mode === 'smtp' && config.smtpUrl) {
    const smtp = nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS });
    return {
      async deliver({ to, subject, text, html }, id) {
        const messageId = messageIdOf(id, config.from);
        await smtp.sendMail({ from: config.from, to, subject, text, html, messageId });
      },
      close: () => smtp.close(),
    };
  }
  removeHalfWritten(config.outboxDir);
  return {
    async deliver(message, id) {
      const sentAt = new Date().toISOString();
      await writeOutboxMessage(config.outboxDir, { ...message, sentAt }, config.outboxMax, id);
    },
    close() {},
  };
}
