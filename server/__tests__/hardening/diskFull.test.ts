// A full disk: SQLite refuses to grow the file (here by `max_page_count`, which fails writes with
// the same SQLITE_FULL a full disk gives). Requests answer 503 with the JSON error, the log names
// the real cause (not "cannot rollback"), /healthz reports the database, and everything works
// again once there is room.
import fs from 'node:fs';

import { sql } from 'kysely';

import { API_PATHS } from '../../../contract/api';
import { capturedLog } from '../../../testing/server/capturedLog';
import { ApiClient } from '../../../testing/server/client';
import { tempDir, testConfig } from '../../../testing/server/config';
import { startServer, type RunningServer } from '../../app';
import { RECENT_MS } from '../../db/write-failures';

const PASSWORD = 'disk full passphrase';

let server: RunningServer;
let api: ApiClient;
let dataDir: string;
const log = capturedLog();
let offsetMs = 0;
const clock = {
  nowMs: () => Date.now() + offsetMs,
  nowSeconds: () => Math.floor((Date.now() + offsetMs) / 1000),
};

async function limitPages(pages: number | 'current') {
  const { db } = server.app;
  const count =
    pages === 'current'
      ? (await sql<{ page_count: number }>`pragma page_count`.execute(db)).rows[0]!.page_count
      : pages;
  await sql`pragma max_page_count = ${sql.raw(String(count))}`.execute(db);
}

beforeAll(async () => {
  dataDir = tempDir('disk-full');
  server = await startServer(
    testConfig(dataDir, { LOG_LEVEL: 'warn', RATE_LIMIT_SIGNUP_MAX: '100000' }),
    { logStream: log.stream, clock },
  );
  api = new ApiClient(server.url);
  await limitPages('current');
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('answers sign-ups with a 503 JSON error once the disk is full, never a 500', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 500 && !statuses.includes(503); i += 1) {
    const answer = await api.post(API_PATHS.signup, {
      name: 'Filling the disk with a long enough name',
      email: `fill-${i}@example.com`,
      password: PASSWORD,
    });
    statuses.push(answer.status);
    if (answer.status !== 201) {
      expect(answer.body).toMatchObject({ error: true, code: 'SERVICE_UNAVAILABLE' });
    }
  }
  expect(statuses).toContain(503);
  expect(statuses.filter((status) => status !== 201 && status !== 503)).toEqual([]);
  await server.app.mail.idle();
});

it('log.text() the real cause, never a misleading rollback error or a 500', () => {
  expect(log.text()).toContain('database or disk is full');
  expect(log.text()).not.toContain('cannot rollback');
  expect(log.text()).not.toContain('"statusCode":500');
});

it('reports the database in /healthz while writes fail', async () => {
  const health = await api.get(API_PATHS.health);
  expect(health.status).toBe(503);
  expect(health.body.failing).toContain('database');
});

it('works again once there is room', async () => {
  await limitPages(1_000_000);
  offsetMs = RECENT_MS + 1000;
  expect((await api.get(API_PATHS.health)).status).toBe(200);
  const answer = await api.post(API_PATHS.signup, {
    name: 'After',
    email: 'after@example.com',
    password: PASSWORD,
  });
  expect(answer.status).toBe(201);
  expect((await api.waitForMail('after@example.com', 1)).code).toMatch(/^\d{6}$/);
});
