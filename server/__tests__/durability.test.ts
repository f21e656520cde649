// The database survives restarts, crashes in the middle of writes, and graceful shutdowns.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

import SQLite from 'better-sqlite3';

import { API_PATHS } from '../../contract/api';
import { REPO_ROOT, spawnServer } from '../../testing/processes';
import { activatedAccount } from '../../testing/server/abuse/accounts';
import { ApiClient } from '../../testing/server/client';
import { tempDir, testEnv } from '../../testing/server/config';

const run = promisify(execFile);
const PASSWORD = 'durable passphrase 2024';
const signupBody = (email: string) => ({ name: 'Sok', email, password: PASSWORD });

describe('durability', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = tempDir('durable');
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps an account and its session across a restart', async () => {
    const env = testEnv(dataDir);
    const first = await spawnServer(env);
    const api = new ApiClient(first.url);
    const email = 'restart@example.com';
    const token = await activatedAccount(api, email, PASSWORD);
    expect(await first.stop('SIGTERM')).toBe(0);

    const second = await spawnServer(env);
    try {
      const again = new ApiClient(second.url);
      const login = await again.post(API_PATHS.login, { email, password: PASSWORD });
      expect(login.status).toBe(200);
      const verify = await again.get(API_PATHS.verify, { authorization: `Bearer ${token}` });
      expect(verify.status).toBe(200);
      expect(verify.body.user.email).toBe(email);
    } finally {
      await second.stop();
    }
  });

  it('restarts with a consistent database after SIGKILL in the middle of sign-ups', async () => {
    // A killed process's claimed mail is taken over once its lease passes: one second here.
    const env = testEnv(dataDir, { RATE_LIMIT_SIGNUP_MAX: '1000', MAIL_LEASE_SECONDS: '1' });
    const server = await spawnServer(env);
    const api = new ApiClient(server.url);
    const acknowledged: string[] = [];
    const attempts = Array.from({ length: 80 }, (_, i) => `crash-${i}@example.com`).map((email) =>
      api.post(API_PATHS.signup, signupBody(email)).then(
        (answer) => answer.status === 201 && acknowledged.push(email),
        () => undefined,
      ),
    );
    while (acknowledged.length < 10) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await server.stop('SIGKILL')).toBeNull();
    await Promise.all(attempts);
    expect(acknowledged.length).toBeLessThan(80);

    const restarted = await spawnServer(env);
    try {
      const api2 = new ApiClient(restarted.url);
      // Each acknowledged sign-up was stored with its mail: the restarted server sends it.
      for (const email of acknowledged) await api2.waitForMail(email, 1);
      const db = new SQLite(path.join(dataDir, 'app.db'), { readonly: true });
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(db.pragma('foreign_key_check')).toEqual([]);
        const users = db.prepare('select email from users').all() as { email: string }[];
        const emails = users.map((u) => u.email);
        for (const email of acknowledged) expect(emails).toContain(email);
        // Each account was written with its first code in one transaction: never one without the other.
        const orphans = db
          .prepare(
            'select count(*) as n from users where id not in (select user_id from activation_codes)',
          )
          .get() as { n: number };
        expect(orphans.n).toBe(0);
      } finally {
        db.close();
      }
      const login = await api2.post(API_PATHS.login, {
        email: acknowledged[0],
        password: PASSWORD,
      });
      expect(login.status).toBe(403);
      expect(
        (await api2.post(API_PATHS.signup, signupBody('after-crash@example.com'))).status,
      ).toBe(201);
    } finally {
      await restarted.stop();
    }
  });

  it('finishes requests in flight on SIGTERM, then exits cleanly', async () => {
    // Production-cost hashing keeps the sign-ups in flight long enough to overlap the signal.
    const server = await spawnServer(
      // Arrivals are logged at debug.
      testEnv(dataDir, {
        PASSWORD_HASH_PROFILE: 'owasp',
        RATE_LIMIT_SIGNUP_MAX: '1000',
        LOG_LEVEL: 'debug',
      }),
    );
    const api = new ApiClient(server.url);
    const inFlight = Array.from({ length: 8 }, (_, i) =>
      api.post(API_PATHS.signup, signupBody(`graceful-${i}@example.com`)),
    );
    // Signal only once the server has taken in all eight.
    while ((server.output().match(/incoming request/g) ?? []).length < 8) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const exit = server.stop('SIGTERM');
    const answers = await Promise.all(inFlight);
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    expect(await exit).toBe(0);
    expect(server.output()).toContain('SIGTERM received');

    const db = new SQLite(path.join(dataDir, 'app.db'), { readonly: true });
    try {
      const row = db.prepare('select count(*) as n from users').get() as { n: number };
      expect(row.n).toBe(8);
    } finally {
      db.close();
    }
  });

  // The server's threads (the mail thread, SQLite's checkpoints) do not keep a process alive on
  // their own, but one that awaits the server's close must still be there when it ends: before,
  // with nothing else left to do, the process ended while a thread was stopping, and the line
  // after the close never ran (the bench lost its table that way).
  it('closes to the end in a process with nothing else to do', async () => {
    const script = `
      const { startServer } = require('./server/app');
      const { loadConfig } = require('./server/config');
      (async () => {
        const server = await startServer(loadConfig(${JSON.stringify(testEnv(dataDir))}));
        const signup = await fetch(server.url + '${API_PATHS.signup}', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(${JSON.stringify(signupBody('closing@example.com'))}),
        });
        await server.close();
        console.log('closed after ' + signup.status);
      })();
    `;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '-e', script], {
      cwd: REPO_ROOT,
      timeout: 60_000,
    });
    expect(stdout.trim()).toBe('closed after 201');
  });
});
