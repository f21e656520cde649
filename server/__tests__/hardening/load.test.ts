// 200 clients at once on loopback for 20 s, each signing up, activating, then logging in and
// verifying in a loop (the 20 s): no error but the intended 429s, and every account consistent afterwards.
import fs from 'node:fs';

import type { Kysely } from 'kysely';

import { API_PATHS } from '../../../contract/api';
import { startServer, type RunningServer } from '../../app';
import { openDatabase } from '../../db/connect';
import type { Database } from '../../db/schema';
import { ApiClient, type Answer } from '../support/client';
import { tempDir, testConfig } from '../support/config';

const CLIENTS = 200;
const DURATION_MS = 20_000;
const PASSWORD = 'correct horse battery';

interface ClientReport {
  email: string;
  activated: boolean;
  logins: number;
  verifies: number;
  unexpected: string[];
}

let dataDir: string;
let server: RunningServer;
let db: Kysely<Database>;
let reports: ClientReport[];

function tally(report: ClientReport, answer: Answer, status: number, what: string): boolean {
  // 429 is the intended answer of a limit, not an error.
  if (answer.status !== status && answer.status !== 429)
    report.unexpected.push(`${what}: ${answer.status} ${answer.body?.code}`);
  return answer.status === status;
}

async function signUpAndActivate(
  api: ApiClient,
  report: ClientReport,
  index: number,
  codes: () => Promise<Map<string, string>>,
) {
  const { email } = report;
  const body = { name: `Load ${index}`, email, password: PASSWORD };
  while (!tally(report, await api.post(API_PATHS.signup, body), 201, 'signup')) {
    if (report.unexpected.length > 0) return;
  }
  const code = (await codes()).get(email);
  report.activated = tally(
    report,
    await api.post(API_PATHS.verifyAccount, { email, code, password: PASSWORD }),
    200,
    'activate',
  );
}

async function logInAndVerify(api: ApiClient, report: ClientReport, stopAt: number) {
  const credentials = { email: report.email, password: PASSWORD };
  while (Date.now() < stopAt && report.unexpected.length === 0) {
    const login = await api.post(API_PATHS.login, credentials);
    if (!tally(report, login, 200, 'login')) continue;
    report.logins += 1;
    const bearer = { authorization: `Bearer ${login.body.token}` };
    if (tally(report, await api.get(API_PATHS.verify, bearer), 200, 'verify')) report.verifies += 1;
  }
}

/** One read of the outbox once every client's mail is there, shared by all clients. */
function codesOnceAllArrived(api: ApiClient) {
  let pending: Promise<Map<string, string>> | null = null;
  const read = async () => {
    for (;;) {
      const { body } = await api.get(API_PATHS.outbox);
      const codes = new Map<string, string>(
        body.messages
          .filter((m: { code?: string }) => m.code)
          .map((m: { to: string; code: string }) => [m.to, m.code]),
      );
      if (codes.size >= CLIENTS) return codes;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  return () => (pending ??= read());
}

beforeAll(async () => {
  dataDir = tempDir('load');
  // Raised so that one loopback address may act as 200 clients (sign up 200 accounts, have 200
  // logins in flight, all of them queued for hashing); the other limits stay. Shedding is
  // tested in abuse/loginFlood.test.ts.
  const config = testConfig(dataDir, {
    RATE_LIMIT_SIGNUP_MAX: '100000',
    RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS_MAX: '100000',
    PASSWORD_HASH_QUEUE: '1000',
  });
  server = await startServer(config);
  db = await openDatabase(config.database);
  const api = new ApiClient(server.url);
  reports = Array.from({ length: CLIENTS }, (_, i) => ({
    email: `load-${i}@example.com`,
    activated: false,
    logins: 0,
    verifies: 0,
    unexpected: [],
  }));
  const codes = codesOnceAllArrived(api);
  await Promise.all(reports.map((report, i) => signUpAndActivate(api, report, i, codes)));
  const stopAt = Date.now() + DURATION_MS;
  await Promise.all(reports.map((report) => logInAndVerify(api, report, stopAt)));
}, DURATION_MS + 60_000);

afterAll(async () => {
  await db?.destroy();
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('sees no error other than 429 from any client', () => {
  expect(reports.flatMap((r) => r.unexpected)).toEqual([]);
});

it('activated every account and logged each one in at least once', () => {
  expect(reports.filter((r) => !r.activated || r.logins === 0).map((r) => r.email)).toEqual([]);
});

it('holds each account once, activated, with one session per sign-in', async () => {
  const users = await db.selectFrom('users').select(['id', 'email', 'activated_at']).execute();
  const loadUsers = users.filter((u) => u.email.startsWith('load-'));
  expect(loadUsers).toHaveLength(CLIENTS);
  expect(loadUsers.filter((u) => u.activated_at === null)).toEqual([]);
  const sessions = await db
    .selectFrom('sessions')
    .select(['user_id', db.fn.countAll<number>().as('count')])
    .groupBy('user_id')
    .execute();
  const byUser = new Map(sessions.map((s) => [s.user_id, Number(s.count)]));
  const idOf = new Map(loadUsers.map((u) => [u.email, u.id]));
  const mismatched = reports.filter((r) => byUser.get(idOf.get(r.email)!) !== r.logins + 1);
  expect(mismatched.map((r) => r.email)).toEqual([]);
});

it('did real work: every client verified each session it opened', () => {
  expect(reports.filter((r) => r.verifies !== r.logins || r.verifies === 0)).toEqual([]);
});
