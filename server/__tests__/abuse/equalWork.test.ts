// Answers and their timing must not tell whether an email has an account. Timing is noisy, so this
// checks the cause instead: sign-up and resend do exactly the same work on the request path for a
// new, a pending and an activated email (one stored job of the same shape and one pending sign-up,
// nothing else written), and a login that opens no session spends two password checks whether or
// not the email exists. The figures in time are
// in `npm run bench -- timing`.
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';

import type { Kysely } from 'kysely';

import { API_PATHS } from '../../../contract/api';
import { ApiClient } from '../../../testing/server/client';
import { tempDir, testConfig } from '../../../testing/server/config';
import { startServer, type RunningServer } from '../../app';
import type { Database } from '../../db/schema';

const PASSWORD = 'equal work passphrase';
const TABLES = [
  'users',
  'registrations',
  'pending_signups',
  'activation_codes',
  'sessions',
  'mail_queue',
] as const;

async function counts(db: Kysely<Database>) {
  const result: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    result[table] = Number(row.n);
  }
  return result;
}

let server: RunningServer;
let api: ApiClient;
let dataDir: string;
let runWorker: () => Promise<void>;

beforeAll(async () => {
  dataDir = tempDir('equal-work');
  server = await startServer(
    testConfig(dataDir, { MAIL_POLL_MS: '60000', RATE_LIMIT_SIGNUP_MAX: '1000' }),
  );
  api = new ApiClient(server.url);
  const { mail } = server.app;
  // The worker runs only when the test says so: what a request writes is seen on its own.
  runWorker = () => mail.idle();
  mail.kick = () => {};

  await api.post(API_PATHS.signup, {
    name: 'Pending',
    email: 'pending@example.com',
    password: PASSWORD,
  });
  await api.post(API_PATHS.signup, {
    name: 'Active',
    email: 'active@example.com',
    password: PASSWORD,
  });
  await runWorker();
  const { code } = await api.waitForMail('active@example.com', 1);
  const activated = await api.post(API_PATHS.verifyAccount, {
    email: 'active@example.com',
    code,
    password: PASSWORD,
  });
  expect(activated.status).toBe(200);
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** What one request wrote: the change in each table, and the kind and fields of its job. */
async function workOf(send: () => Promise<{ status: number }>) {
  const { db } = server.app;
  const before = await counts(db);
  const newest = await db
    .selectFrom('mail_queue')
    .select('id')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const answer = await send();
  const after = await counts(db);
  const jobs = await db
    .selectFrom('mail_queue')
    .select(['kind', 'payload'])
    .where('id', '>', newest?.id ?? '')
    .execute();
  await runWorker();
  return {
    status: answer.status,
    written: Object.fromEntries(TABLES.map((t) => [t, after[t]! - before[t]!])),
    jobs: jobs.map((job) => ({
      kind: job.kind,
      fields: Object.keys(JSON.parse(job.payload)).sort(),
    })),
  };
}

it('does the same work for a sign-up whatever the email', async () => {
  const signup = (email: string) => () =>
    api.post(API_PATHS.signup, { name: 'Someone', email, password: PASSWORD });
  const fresh = await workOf(signup('fresh@example.com'));
  const pending = await workOf(signup('pending@example.com'));
  const active = await workOf(signup('active@example.com'));
  expect(fresh.status).toBe(201);
  expect(fresh.written).toEqual({ ...fresh.written, mail_queue: 1, pending_signups: 1, users: 0 });
  expect(pending).toEqual(fresh);
  expect(active).toEqual(fresh);
});

it('does the same work for a resend whatever the email', async () => {
  const resend = (email: string) => () => api.post(API_PATHS.resendActivation, { email });
  const pending = await workOf(resend('pending@example.com'));
  const unknown = await workOf(resend('nobody@example.com'));
  const active = await workOf(resend('active@example.com'));
  expect(pending.status).toBe(202);
  expect(pending.written).toEqual({ ...pending.written, mail_queue: 1, activation_codes: 0 });
  expect(unknown).toEqual(pending);
  expect(active).toEqual(pending);
});

it('then mails only the people concerned, off the request path', async () => {
  const to = async (email: string) => (await api.mailsTo(email)).map((m) => m.subject);
  expect(await to('nobody@example.com')).toEqual([]);
  expect(await to('active@example.com')).toEqual([
    expect.stringMatching(/activation code/),
    'Someone tried to sign up with your email',
  ]);
  expect(await to('pending@example.com')).toHaveLength(3);
});

it('spends two password checks on a failed login whether or not the email exists', async () => {
  const { passwords } = server.app;
  const calls: string[] = [];
  const { verify, verifyNothing } = passwords;
  passwords.verify = (hash, password) => {
    calls.push('check');
    return verify(hash, password);
  };
  passwords.verifyNothing = (password) => {
    calls.push('check');
    return verifyNothing(password);
  };
  try {
    for (const email of ['nobody@example.com', 'active@example.com', 'pending@example.com']) {
      calls.length = 0;
      const answer = await api.post(API_PATHS.login, { email, password: `${PASSWORD}-wrong` });
      expect([answer.status, answer.body.code]).toEqual([401, 'INVALID_CREDENTIALS']);
      expect(calls).toEqual(['check', 'check']);
    }
  } finally {
    passwords.verify = verify;
    passwords.verifyNothing = verifyNothing;
  }
});

it('starts the mail worker a while after the answer, never during the request that follows', async () => {
  // On SQLite the worker's queries run on the request thread: started as soon as an answer has
  // left, what it does for a known email (a new code, a message) delayed the next request, and
  // told a known email from an unknown one.
  const { mail } = server.app;
  const kicks: number[] = [];
  // The starts that earlier answers scheduled have all come (MAIL_KICK_DELAY_MS is 250).
  await new Promise((resolve) => setTimeout(resolve, 300));
  mail.kick = () => kicks.push(performance.now());
  try {
    const requests: Array<[string, object]> = [
      [API_PATHS.signup, { name: 'Someone', email: 'follow@example.com', password: PASSWORD }],
      [API_PATHS.resendActivation, { email: 'follow@example.com' }],
      [API_PATHS.resendActivation, { email: 'nobody-follow@example.com' }],
      [API_PATHS.requestPasswordReset, { email: 'pending@example.com' }],
      [API_PATHS.requestPasswordReset, { email: 'nobody-follow@example.com' }],
    ];
    const delays: number[] = [];
    for (const [path, body] of requests) {
      kicks.length = 0;
      const answer = await api.post(path, body);
      const answered = performance.now();
      expect([path, answer.status < 300]).toEqual([path, true]);
      // The next request, sent at once, is answered before the worker starts.
      expect((await api.get(API_PATHS.verify, { authorization: 'Bearer none' })).status).toBe(401);
      const followed = performance.now();
      for (let turns = 0; kicks.length === 0 && turns < 100; turns += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect([path, kicks.length]).toEqual([path, 1]);
      expect(kicks[0]).toBeGreaterThan(followed);
      delays.push(kicks[0]! - answered);
      await runWorker();
    }
    // A tenth of MAIL_KICK_DELAY_MS (250 ms) at least, and not the same moment every time.
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(20);
    expect(new Set(delays.map((delay) => Math.round(delay))).size).toBeGreaterThan(1);
  } finally {
    mail.kick = () => {};
    await runWorker();
  }
});

it('starts the mail worker only once the answer has left', async () => {
  // The worker runs on the same thread: started before the answer is written, what it does for a
  // pending account (a new code, a message) would delay that answer and tell the account apart.
  const { mail } = server.app;
  const finished: string[] = [];
  const kicks: string[][] = [];
  const onRequest = (request: IncomingMessage, response: ServerResponse) =>
    response.once('finish', () => finished.push(request.url ?? ''));
  server.app.server.on('request', onRequest);
  mail.kick = () => kicks.push([...finished]);
  try {
    const requests: Array<[string, object]> = [
      [API_PATHS.signup, { name: 'Someone', email: 'later@example.com', password: PASSWORD }],
      [API_PATHS.resendActivation, { email: 'later-resend@example.com' }],
      [API_PATHS.requestPasswordReset, { email: 'active@example.com' }],
    ];
    for (const [path, body] of requests) {
      finished.length = 0;
      kicks.length = 0;
      const answer = await api.post(path, body);
      expect([path, answer.status < 300]).toEqual([path, true]);
      for (let turns = 0; kicks.length === 0 && turns < 100; turns += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // One start, and by then this answer had finished.
      expect([path, kicks]).toEqual([path, [[path]]]);
    }
  } finally {
    server.app.server.off('request', onRequest);
    mail.kick = () => {};
    await runWorker();
  }
});
