// SIGKILL in the middle of a burst of sign-ups: after a restart no account is half made (every
// user not yet activated has its code), every acknowledged sign-up is there, and the rest can retry.
import fs from 'node:fs';
import path from 'node:path';

import SQLite from 'better-sqlite3';

import { API_PATHS } from '../../../contract/api';
import { freePort, spawnServer, type ServerProcess } from '../../../testing/processes';
import { ApiClient } from '../../../testing/server/client';
import { tempDir, testEnv } from '../../../testing/server/config';

const BURST = 120;
const IN_FLIGHT = 16;
const PASSWORD = 'correct horse battery';
const emails = Array.from({ length: BURST }, (_, i) => `burst-${i}@example.com`);
// A killed process's claimed mail is taken over once its lease passes: one second here.
const LIMITS = { RATE_LIMIT_SIGNUP_MAX: '100000', MAIL_LEASE_SECONDS: '1' };

let dataDir: string;
let running: ServerProcess | undefined;
const acknowledged: string[] = [];

beforeAll(async () => {
  dataDir = tempDir('sigkill');
  const port = await freePort();
  const env = testEnv(dataDir, { PORT: String(port), ...LIMITS });
  const first = await spawnServer(env);
  const api = new ApiClient(first.url);
  let killed = false;
  const queue = [...emails];
  // A fixed number in flight, so that the kill always lands with sign-ups still to send, however
  // fast the server answers the first ones.
  async function sendSignups() {
    for (let email = queue.shift(); email && !killed; email = queue.shift()) {
      const answer = await api
        .post(API_PATHS.signup, { name: 'Burst', email, password: PASSWORD })
        .catch(() => undefined);
      if (answer?.status === 201) acknowledged.push(email);
      // Killed once some sign-ups are done and others are still in flight.
      if (acknowledged.length >= BURST / 4 && !killed) {
        killed = true;
        first.child.kill('SIGKILL');
      }
    }
  }
  await Promise.all(Array.from({ length: IN_FLIGHT }, sendSignups));
  await first.exited;
  running = await spawnServer(env);
}, 90_000);

afterAll(async () => {
  await running?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function rows() {
  const db = new SQLite(path.join(dataDir, 'app.db'), { readonly: true });
  try {
    const users = db.prepare('select id, email, activated_at from users').all() as Array<{
      id: string;
      email: string;
      activated_at: number | null;
    }>;
    const codes = db.prepare('select user_id from activation_codes').all() as Array<{
      user_id: string;
    }>;
    return { users, codeOwners: new Set(codes.map((c) => c.user_id)) };
  } finally {
    db.close();
  }
}

it('was killed mid-burst: some sign-ups were acknowledged, not all', () => {
  expect(acknowledged.length).toBeGreaterThan(0);
  expect(acknowledged.length).toBeLessThan(BURST);
});

it('sends every acknowledged sign-up its activation mail after the restart', async () => {
  const api = new ApiClient(running!.url);
  for (const email of acknowledged)
    expect((await api.waitForMail(email, 1)).code).toMatch(/^\d{6}$/);
});

it('leaves no half-written mail (which could hold a code) in the outbox', () => {
  const outbox = path.join(dataDir, 'outbox');
  expect(fs.readdirSync(outbox).filter((name) => !name.endsWith('.json'))).toEqual([]);
});

it('keeps every acknowledged sign-up', () => {
  const stored = new Set(rows().users.map((u) => u.email));
  expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
});

it('has no half-made account: each user waiting for activation has its code', () => {
  const { users, codeOwners } = rows();
  const halfMade = users.filter((u) => u.activated_at === null && !codeOwners.has(u.id));
  expect(halfMade).toEqual([]);
});

it('accepts and completes a sign-up that never made it before the kill', async () => {
  const api = new ApiClient(running!.url);
  const stored = new Set(rows().users.map((u) => u.email));
  const email = emails.find((e) => !stored.has(e)) ?? 'after-restart@example.com';
  const signup = await api.post(API_PATHS.signup, { name: 'Again', email, password: PASSWORD });
  expect(signup.status).toBe(201);
  const { code } = await api.waitForMail(email, 1);
  expect(
    (await api.post(API_PATHS.verifyAccount, { email, code, password: PASSWORD })).status,
  ).toBe(200);
});
