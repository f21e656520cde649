// 200 clients at once on loopback for 20 s, each signing up, activating, then logging in and
// verifying in a loop: how many requests the server answers, whether any answer other than the
// intended 429s was an error, and whether every account is consistent afterwards (each one
// activated, one session per sign-in). It runs here rather than in `npm test` because it takes
// half a minute of both cores.
import fs from 'node:fs';

import { API_PATHS } from '../../contract/api';
import { startServer } from '../../server/app';
import { openDatabase } from '../../server/db/connect';
import { ApiClient, type Answer } from '../../testing/server/client';
import { tempDir, testConfig } from '../../testing/server/config';
import { type Row } from '../table';

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
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { body } = await api.get(API_PATHS.outbox);
      const codes = new Map<string, string>(
        body.messages
          .filter((m: { code?: string }) => m.code)
          .map((m: { to: string; code: string }) => [m.to, m.code]),
      );
      if (codes.size >= CLIENTS) return codes;
      if (Date.now() > deadline) throw new Error(`only ${codes.size} of ${CLIENTS} mails arrived`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  return () => (pending ??= read());
}

export async function benchLoad(): Promise<Row[]> {
  const dataDir = tempDir('bench-load');
  // Raised so that one loopback address may act as 200 clients; the other limits stay. The
  // sessions' cap too, so that every sign-in keeps its session and the count checks each one.
  const config = testConfig(dataDir, {
    RATE_LIMIT_SIGNUP_MAX: '100000',
    RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS_MAX: '100000',
    PASSWORD_HASH_QUEUE: '1000',
    SESSIONS_MAX_PER_ACCOUNT: '10000',
  });
  const server = await startServer(config);
  const db = await openDatabase(config.database);
  try {
    const api = new ApiClient(server.url);
    const reports: ClientReport[] = Array.from({ length: CLIENTS }, (_, i) => ({
      email: `load-${i}@example.com`,
      activated: false,
      logins: 0,
      verifies: 0,
      unexpected: [],
    }));
    const codes = codesOnceAllArrived(api);
    await Promise.all(reports.map((report, i) => signUpAndActivate(api, report, i, codes)));
    const startedAt = Date.now();
    await Promise.all(
      reports.map((report) => logInAndVerify(api, report, startedAt + DURATION_MS)),
    );
    const seconds = (Date.now() - startedAt) / 1000;

    const users = await db.selectFrom('users').select(['id', 'email', 'activated_at']).execute();
    const sessions = await db
      .selectFrom('sessions')
      .select(['user_id', db.fn.countAll<number>().as('count')])
      .groupBy('user_id')
      .execute();
    const sessionsOf = new Map(sessions.map((s) => [s.user_id, Number(s.count)]));
    const idOf = new Map(users.map((u) => [u.email, u.id]));
    const inconsistent = reports.filter(
      (r) =>
        !r.activated ||
        r.logins === 0 ||
        r.verifies !== r.logins ||
        sessionsOf.get(idOf.get(r.email) ?? '') !== r.logins + 1,
    ).length;
    const unactivated = users.filter((u) => u.activated_at === null).length;
    const unexpected = reports.flatMap((r) => r.unexpected);
    const logins = reports.reduce((sum, r) => sum + r.logins, 0);
    const verifies = reports.reduce((sum, r) => sum + r.verifies, 0);
    return [
      {
        section: 'load',
        figure: `${CLIENTS} clients for ${DURATION_MS / 1000} s: logins + verifies answered`,
        value: `${logins} + ${verifies} (${((logins + verifies) / seconds).toFixed(0)}/s)`,
        target: 'context',
      },
      {
        section: 'load',
        figure: '  answers other than the intended (or 429)',
        value: unexpected.length === 0 ? '0' : `${unexpected.length}, first: ${unexpected[0]}`,
        target: '0',
        met: unexpected.length === 0,
      },
      {
        section: 'load',
        figure: '  accounts not activated, or sessions not one per sign-in',
        value: String(inconsistent + unactivated),
        target: '0',
        met: inconsistent + unactivated === 0,
      },
    ];
  } finally {
    await db.destroy();
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
