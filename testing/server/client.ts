// A small HTTP client for the API, with the outbox as the test's mailbox. It sends over a real
// socket (`new ApiClient(url)`) or through Fastify's `inject` (`ApiClient.inject(app)`), which
// runs the same routes, hooks and serializers without a socket: the contract's rows use it, the
// tests of headers, keep-alive, time-outs and hostile input keep the socket.
import type { IncomingMessage } from 'node:http';

import type { FastifyInstance } from 'fastify';

import type { OutboxMessage } from '../../contract/api';

/** How long a test waits for a mail it caused: the mail thread starts slowly on a busy machine. */
export const MAIL_WAIT_MS = 25_000;

export interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any field of a JSON answer
  body: any;
}

/** Reads a `node:http` response to its end: JSON bodies parsed, others as text. */
export function readAnswer(response: IncomingMessage): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('error', reject);
    response.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const headers = new Headers();
      for (const [name, value] of Object.entries(response.headers)) {
        if (typeof value === 'string') headers.set(name, value);
      }
      resolve({
        status: response.statusCode ?? 0,
        headers,
        body: /json/.test(response.headers['content-type'] ?? '') ? JSON.parse(text) : text,
      });
    });
  });
}

type Send = (
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | undefined,
) => Promise<{ status: number; headers: Headers; text: string }>;

export class ApiClient {
  private readonly send: Send;

  constructor(
    readonly baseUrl: string,
    send?: Send,
  ) {
    this.send =
      send ??
      (async (method, path, headers, body) => {
        const response = await fetch(this.baseUrl + path, { method, headers, body });
        return { status: response.status, headers: response.headers, text: await response.text() };
      });
  }

  /** A client of `app` through `inject`, as if from `remoteAddress`. */
  static inject(app: FastifyInstance, remoteAddress = '127.0.0.1'): ApiClient {
    return new ApiClient('', async (method, path, headers, body) => {
      const response = await app.inject({
        method: method as 'GET',
        url: path,
        headers,
        payload: body,
        remoteAddress,
      });
      const answerHeaders = new Headers();
      for (const [name, value] of Object.entries(response.headers)) {
        if (value !== undefined) answerHeaders.set(name, String(value));
      }
      return { status: response.statusCode, headers: answerHeaders, text: response.body };
    });
  }

  async request(
    method: string,
    path: string,
    init: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const { status, headers, text } = await this.send(
      method,
      path,
      { 'content-type': 'application/json', ...init.headers },
      init.body === undefined ? undefined : JSON.stringify(init.body),
    );
    return { status, headers, body: text ? JSON.parse(text) : undefined };
  }

  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer> {
    return this.request('POST', path, { body, headers });
  }

  /**
   * A set-up's request: a 503 (a dependency slow to answer on a busy machine, a shed) is a
   * decision to try later, so it is sent again, for up to MAIL_WAIT_MS; any other answer returns.
   */
  async postServed(path: string, body?: unknown, headers?: Record<string, string>) {
    const deadline = Date.now() + MAIL_WAIT_MS;
    for (;;) {
      const answer = await this.post(path, body, headers);
      if (answer.status !== 503 || Date.now() > deadline) return answer;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
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
    // The mail thread's first start compiles its sources: seconds on a busy machine.
    const deadline = Date.now() + MAIL_WAIT_MS;
    for (;;) {
      const mails = await this.mailsTo(email);
      const mail = mails[count - 1];
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`no mail #${count} to ${email}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
