// A server killed (kill -9) right after the mail server accepted a message, before it recorded the
// hand-over: SMTP has no step that lets both sides commit together, so the restarted server sends
// the message again, and it goes with the same Message-ID, which recipients' mail stores use to
// keep one copy. The outbox, which the server writes itself, keeps the message once.
import fs from 'node:fs';

import { SMTPServer } from 'smtp-server';

import { API_PATHS } from '../../../contract/api';
import { freePort, spawnServer, type ServerProcess } from '../../../testing/processes';
import { OWNER_PASSWORD } from '../../../testing/server/abuse/accounts';
import { ApiClient } from '../../../testing/server/client';
import { tempDir, testConfig, testEnv } from '../../../testing/server/config';
import { readOutbox } from '../../mail/outbox';
import { createTransport, messageIdOf } from '../../mail/transport';

const EMAIL = 'hand-over@example.com';

const messageIdIn = (raw: string) => /^Message-ID:\s*(<[^>\r\n]+>)/im.exec(raw)?.[1];

async function until<T>(what: string, check: () => T | undefined, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a server killed right after the mail server accepted a message', () => {
  const received: string[] = [];
  let server: ServerProcess | undefined;
  let dataDir: string;
  let smtp: SMTPServer;

  beforeAll(async () => {
    dataDir = tempDir('hand-over');
    const port = await freePort();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push(raw);
          const sender = server?.child;
          if (received.length === 1 && sender?.pid) {
            // Frozen first, so it cannot read the acceptance (250) that this then sends.
            process.kill(sender.pid, 'SIGSTOP');
            callback();
            setImmediate(() => sender.kill('SIGKILL'));
            return;
          }
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
    const env = testEnv(dataDir, {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Accounts <no-reply@accounts.example>',
      // The killed process's claim passes to the next one after a second.
      MAIL_LEASE_SECONDS: '1',
      MAIL_POLL_MS: '100',
    });
    server = await spawnServer(env);
    const signup = await new ApiClient(server.url).post(API_PATHS.signup, {
      name: 'Dara',
      email: EMAIL,
      password: OWNER_PASSWORD,
    });
    expect(signup.status).toBe(201);
    await until('the first hand-over', () => (received.length > 0 ? true : undefined));
    await server.exited;
    server = await spawnServer(env);
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    await new Promise<void>((resolve) => smtp.close(resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('hands it over again after the restart, with the same Message-ID', async () => {
    await until('the second hand-over', () => (received.length > 1 ? true : undefined));
    const [first, second] = received as [string, string];
    const id = messageIdIn(first);
    expect(id).toMatch(/^<[\w-]+@accounts\.example>$/);
    expect(messageIdIn(second)).toBe(id);
    expect(second).toContain(`To: ${EMAIL}`);
  });
});

describe('the outbox', () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = tempDir('hand-over-outbox');
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps a message handed over twice once, and a different one beside it', async () => {
    const { mail } = testConfig(dataDir);
    const transport = createTransport(mail);
    const message = { to: EMAIL, subject: 'Your code', text: 'Your code is 123456.' };
    await transport.deliver(message, '001795900000000-000001-a1b2c3');
    await transport.deliver(message, '001795900000000-000001-a1b2c3');
    await transport.deliver(message, '001795900000000-000002-d4e5f6');
    expect(await readOutbox(mail.outboxDir, 100)).toHaveLength(2);
    transport.close();
  });
});

it('names a message under the domain of the sender', () => {
  expect(messageIdOf('001-2-ab', '"Accounts" <no-reply@mail.example>')).toBe(
    '<001-2-ab@mail.example>',
  );
  expect(messageIdOf('001-2-ab', 'no-reply@mail.example')).toBe('<001-2-ab@mail.example>');
});
