// A small HTTP client for the API, with the outbox as the test's mailbox.
import type { OutboxMessage } from '../../../contract/api';

export interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any field of a JSON answer
  body: any;
}

export class ApiClient {
  constructor(readonly baseUrl: string) {}

  async request(
    method: string,
    path: string,
    init: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const response = await fetch(this.baseUrl + path, {
      method,
      headers: { 'content-type': 'application/json', ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text ? JSON.parse(text) : undefined,
    };
  }

  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer> {
    return this.request('POST', path, { body, headers });
  }

  get(path: string, headers?: Record<string, string>): Promise<Answer> {
    return this.request('GET', path, { headers });
  }

  async mailsTo(email: string): Promise<OutboxMessage[]> {
    const { body } = await this.get('/v1/dev/outbox');
    return (body.messages as OutboxMessage[]).filter((m) => m.to === email);
  }

  /** Mail is sent after the answer, so wait for the count-th message to this address. */
  async waitForMail(email: string, count: number): Promise<OutboxMessage> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const mails = await this.mailsTo(email);
      const mail = mails[count - 1];
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`no mail #${count} to ${email}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
