// The durable mail queue against a real SMTP receiver: mail waits while the mail server is down,
// /healthz says so (and the server stays live and ready), and the code arrives once it is up; two processes on one PostgreSQL send each
// message once.
import fs from 'node:fs';

import { SMTPServer } from 'smtp-server';

import { API_PATHS } from '../../contract/api';
import { freePort } from '../../testing/processes';
import { ApiClient } from '../../testing/server/client';
import { tempDir, testConfig } from '../../testing/server/config';
import { createTestSchema, dropTestSchema, POSTGRES_URL } from '../../testing/server/postgres';
import { startServer, type RunningServer } from '../app';

const PASSWORD = 'queue passphrase 2024';

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
function smtpReceiver(received: Received[]) {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
}

async function until<T>(what: string, check: () => Promise<T | undefined>, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The six digits a received mail carries (quoted-printable keeps digits as they are). */
function codeIn(raw: string): string | undefined {
  return /activation code is (\d{6})/.exec(raw)?.[1];
}

describe('with the mail server down, then up', () => {
  const received: Received[] = [];
  let smtp: SMTPServer | undefined;
  let server: RunningServer;
  let api: ApiClient;
  let dataDir: string;
  let smtpPort: number;

  beforeAll(async () => {
    smtpPort = await freePort();
    dataDir = tempDir('queue-smtp');
    server = await startServer(
      testConfig(dataDir, { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_POLL_MS: '100' }),
    );
    api = new ApiClient(server.url);
  });

  afterAll(async () => {
    await server?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(resolve) : resolve()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 201: the mail is stored, not lost', async () => {
    const answer = await api.post(API_PATHS.signup, {
      name: 'Dara',
      email: 'dara@example.com',
      password: PASSWORD,
    });
    expect(answer.status).toBe(201);
  });

  it('says in /healthz that mail is retrying, and stays live and ready', async () => {
    const health = await until('the mail retrying in /healthz', async () => {
      const answer = await api.get(API_PATHS.health);
      return answer.status !== 200 || answer.body.mail === 'retrying' ? answer : undefined;
    });
    expect([health.status, health.body]).toEqual([
      200,
      { error: false, ok: true, mail: 'retrying' },
    ]);
    // A mail server that is down takes no replica out of rotation, and restarts none.
    expect((await api.get(API_PATHS.ready)).status).toBe(200);
    expect((await api.get(API_PATHS.live)).status).toBe(200);
    expect(received).toEqual([]);
  });

  it('delivers the code once the mail server is up, and /healthz is ok again', async () => {
    smtp = smtpReceiver(received);
    await new Promise<void>((resolve) => smtp!.listen(smtpPort, '127.0.0.1', resolve));
    const mail = await until('the activation mail', async () => received[0]);
    expect(mail.to).toEqual(['dara@example.com']);
    const code = codeIn(mail.raw);
    expect(code).toMatch(/^\d{6}$/);
    // The mail carries a link to the activation view with the address and the code.
    expect(mail.raw).toContain('text/html');
    const activated = await api.post(API_PATHS.verifyAccount, {
      email: 'dara@example.com',
      code,
      password: PASSWORD,
    });
    expect(activated.status).toBe(200);
    expect((await api.get(API_PATHS.health)).body).toEqual({ error: false, ok: true, mail: 'ok' });
    expect(received).toHaveLength(1);
  });
});

describe('two server processes on one PostgreSQL', () => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  const servers: RunningServer[] = [];
  let dataDir: string;
  let schema: string;

  beforeAll(async () => {
    smtp = smtpReceiver(received);
    const smtpPort = await freePort();
    await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
    dataDir = tempDir('queue-pg');
    schema = await createTestSchema();
    const env = {
      DATABASE_URL: POSTGRES_URL,
      DATABASE_SCHEMA: schema,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_POLL_MS: '20',
      RATE_LIMIT_SIGNUP_MAX: '1000',
    };
    for (const name of ['a', 'b'])
      servers.push(await startServer(testConfig(`${dataDir}/${name}`, env)));
  }, 30_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await new Promise<void>((resolve) => smtp.close(resolve));
    await dropTestSchema(schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends each message once, whichever process stored it', async () => {
    const emails = Array.from({ length: 40 }, (_, i) => `once-${i}@example.com`);
    const answers = await Promise.all(
      emails.map((email, i) =>
        new ApiClient(servers[i % 2]!.url).post(API_PATHS.signup, {
          name: 'Once',
          email,
          password: PASSWORD,
        }),
      ),
    );
    expect(answers.every((answer) => answer.status === 201)).toBe(true);
    await until('every mail', async () => (received.length >= emails.length ? true : undefined));
    // Once both processes find nothing due, no row is left that either could send again.
    await Promise.all(servers.map((server) => server.app.mail.idle()));
    const recipients = received.flatMap((mail) => mail.to).sort();
    expect(recipients).toEqual([...emails].sort());
  }, 30_000);
});
