// An API client whose socket leaves from a chosen loopback address, so the server sees one client
// address per simulated visitor (127.0.0.0/8 is all loopback on Linux).
import http from 'node:http';

import type { OutboxMessage } from '../../../contract/api';
import { MAIL_WAIT_MS, readAnswer, type Answer } from '../client';

export class AddressClient {
  private readonly agent: http.Agent;

  constructor(
    readonly baseUrl: string,
    readonly localAddress = '127.0.0.1',
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 64, localAddress });
  }

  request(
    method: string,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const request = http.request(
        this.baseUrl + path,
        {
          method,
          agent: this.agent,
          headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...extraHeaders },
          timeout: 30_000,
        },
        (response) => void readAnswer(response).then(resolve, reject),
      );
      request.on('timeout', () => request.destroy(new Error(`${method} ${path} timed out`)));
      // Which request failed, not a bare `read ECONNRESET`.
      request.on('error', (error) =>
        reject(new Error(`${method} ${path} from ${this.localAddress}: ${error.message}`)),
      );
      request.end(payload);
    });
  }

  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer> {
    return this.request('POST', path, body, headers);
  }

  async mailsTo(email: string): Promise<OutboxMessage[]> {
    const { body } = await this.request('GET', '/v1/dev/outbox');
    return (body.messages as OutboxMessage[]).filter((m) => m.to === email);
  }

  /** Waits until `count` mails reached this address; returns the newest. */
  async waitForMail(email: string, count: number): Promise<OutboxMessage> {
    // The mail thread's first start compiles its sources: seconds on a busy machine.
    const deadline = Date.now() + MAIL_WAIT_MS;
    for (;;) {
      const mails = await this.mailsTo(email);
      if (mails.length >= count) return mails[mails.length - 1]!;
      if (Date.now() > deadline) throw new Error(`no mail #${count} to ${email}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Visitor number n (1-250) gets 127.0.0.(n + 1); 127.0.0.1 is left to the test's own calls. */
export function visitorAddress(n: number): string {
  return `127.0.0.${n + 1}`;
}

/** Clients of one server, each from visitor address `n`, all closed together after the suite. */
export function visitorClients(baseUrl: () => string) {
  const clients: AddressClient[] = [];
  return {
    from(n: number): AddressClient {
      const client = new AddressClient(baseUrl(), visitorAddress(n));
      clients.push(client);
      return client;
    },
    closeAll(): void {
      for (const client of clients.splice(0)) client.close();
    },
  };
}
