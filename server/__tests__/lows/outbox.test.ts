// The dev outbox is bounded and read a few files at a time: it keeps the newest 500 messages, and
// ten parallel reads of GET /v1/dev/outbox by a server allowed 256 open files all succeed (each
// read used to open every file at once: EMFILE). The server runs in its own process, whose open
// file limit is lowered.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { API_PATHS } from '../../../contract/api';
import { spawnServer, type ServerProcess } from '../../../testing/processes';
import { ApiClient } from '../../../testing/server/client';
import { tempDir, testEnv } from '../../../testing/server/config';

const KEPT = 500;
const WRITTEN = 600;

let dataDir: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  dataDir = tempDir('outbox');
  const outbox = path.join(dataDir, 'outbox');
  fs.mkdirSync(outbox, { recursive: true });
  const start = Date.now() - WRITTEN * 1000;
  for (let i = 0; i < WRITTEN; i += 1) {
    const sentAt = new Date(start + i * 1000);
    const name = `${sentAt.getTime().toString().padStart(15, '0')}-${randomUUID()}.json`;
    const message = { to: 'old@example.com', subject: `message ${i}`, text: 'hello', sentAt };
    fs.writeFileSync(path.join(outbox, name), JSON.stringify(message));
  }
  server = await spawnServer(testEnv(dataDir));
  execFileSync('prlimit', ['--pid', String(server.child.pid), '--nofile=256:256']);
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const messageFiles = () =>
  fs.readdirSync(path.join(dataDir, 'outbox')).filter((name) => name.endsWith('.json'));

it('serves the newest 500 messages to 10 parallel reads without running out of files', async () => {
  const answers = await Promise.all(
    Array.from({ length: 10 }, () =>
      fetch(server!.url + API_PATHS.outbox).then(async (r) => ({
        status: r.status,
        body: await r.json(),
      })),
    ),
  );
  for (const { status, body } of answers) {
    expect(status).toBe(200);
    expect(body.messages).toHaveLength(KEPT);
    expect(body.messages[0].subject).toBe(`message ${WRITTEN - KEPT}`);
    expect(body.messages[KEPT - 1].subject).toBe(`message ${WRITTEN - 1}`);
  }
});

it('deletes the oldest files beyond 500 as it writes a new message', async () => {
  const api = new ApiClient(server!.url);
  const email = `outbox-${Date.now()}@example.com`;
  const signup = { name: 'Outbox', email, password: 'an outbox passphrase' };
  expect((await api.post(API_PATHS.signup, signup)).status).toBe(201);
  const mail = await api.waitForMail(email, 1);
  expect(mail.subject).toMatch(/activation code/);
  expect(messageFiles()).toHaveLength(KEPT);
  const { body } = await api.get(API_PATHS.outbox);
  expect(body.messages[KEPT - 1].to).toBe(email);
  expect(body.messages[0].subject).toBe(`message ${WRITTEN - KEPT + 1}`);
});
