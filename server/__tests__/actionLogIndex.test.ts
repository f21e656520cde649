// Each upload's index, worked out as it is stored, on both engines: what --list shows and filters
// on, what --stats counts, and the users an upload is tied to, so deleting any of their accounts
// deletes it, also a log sent after logging out.

import { API_PATHS } from '../../contract/api';
import { activatedAccount, OWNER_PASSWORD, uniqueEmail } from '../../testing/server/abuse/accounts';
import { AddressClient, visitorAddress } from '../../testing/server/abuse/fromAddress';
import { replayCli, sendLog } from '../../testing/server/actionLogs';
import { ENGINES } from '../../testing/server/engines';
import { listeningServerFor } from '../../testing/server/injectedApp';
import * as indexMigration from '../db/migrations/008_action_log_index';

const START = Date.UTC(2026, 10, 20, 9, 0, 0);
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131 Mobile';

const location = (pathname: string) => ({
  type: 'router/locationChanged',
  payload: { action: 'PUSH', location: { pathname, search: '', hash: '', key: pathname } },
});
const answer = (endpoint: string, payload: unknown) => ({
  type: 'api/executeMutation/fulfilled',
  payload,
  meta: { arg: { endpointName: endpoint }, requestId: endpoint },
});
const refusal = (endpoint: string, status: number, data: unknown) => ({
  type: 'api/executeMutation/rejected',
  payload: { status, data },
  meta: { arg: { endpointName: endpoint }, requestId: endpoint },
});

/** A log of these actions, one every `stepMs`; the upload does not check the hashes. */
function logOf(actions: object[], start = START, stepMs = 1000): string {
  return JSON.stringify({
    payload: JSON.stringify(actions),
    preloadedState: JSON.stringify({ locale: { current: 'en' }, router: { location: null } }),
    actionLog: {
      version: 1,
      app: 'accounts-app@1.4.2',
      timestamps: actions.map((_action, index) => start + index * stepMs),
      stateHashes: actions.map(() => '0'),
    },
  });
}

/** Signed up, a wrong code, a reload, activated, home, logged out: then sent, as a guest. */
function troubledLog(userId: string): string {
  return logOf([
    location('/signup'),
    {
      type: 'form/validationFailed',
      payload: { form: 'signup', fields: { email: 'REQUIRED' } },
    },
    answer('signup', { error: false, email: 'visitor-a@example.invalid' }),
    location('/user/verify-account'),
    refusal('verifyAccount', 400, { error: true, code: 'INVALID_CODE' }),
    {
      type: 'actionLog/pageReloaded',
      payload: {
        state: {
          router: { location: { pathname: '/user/verify-account' } },
          locale: { current: 'kh' },
        },
      },
    },
    refusal('verifyAccount', 400, { error: true, code: 'INVALID_CODE' }),
    answer('verifyAccount', { error: false, user: { id: userId, name: 'Visitor A' } }),
    location('/'),
    { type: 'auth/loggedOut' },
    location('/login'),
  ]);
}

/** A guest refused for a common password, who leaves on /signup. */
function guestLog(start: number): string {
  return logOf(
    [
      location('/signup'),
      refusal('signup', 400, {
        error: true,
        code: 'VALIDATION',
        fields: { password: 'COMMON_PASSWORD' },
      }),
    ],
    start,
    4000,
  );
}

describe.each(ENGINES)('the uploads’ index on %s', (_name, engine) => {
  const running = listeningServerFor(engine, { LOG_LEVEL: 'silent' });
  const replay = (...args: string[]) => replayCli(running.place, ...args);

  it('indexes, lists, filters, counts, and deletes a log sent after logging out with its account', async () => {
    const address = visitorAddress(40);
    const client = new AddressClient(running.server.url, address);
    const email = uniqueEmail('indexed');
    await activatedAccount(client, email);
    const login = await client.post(API_PATHS.login, { email, password: OWNER_PASSWORD });
    const userId = login.body.user.id as string;

    // Sent as a guest (after logging out), from a phone.
    const troubled = await sendLog(running.server.url, troubledLog(userId), {
      from: address,
      headers: { 'user-agent': PHONE },
    });
    expect(troubled.status).toBe(201);
    const guests = [];
    for (const offset of [1, 2]) {
      const sent = await sendLog(running.server.url, guestLog(START + offset * 3_600_000), {
        from: visitorAddress(40 + offset),
      });
      expect(sent.status).toBe(201);
      guests.push(sent.body.reference as string);
    }

    const row = await running.server.app.db
      .selectFrom('action_logs')
      .selectAll()
      .where('reference', '=', troubled.body.reference)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: null,
      app_version: '1.4.2',
      locale: 'kh',
      device: 'mobile',
      signed_in: 1,
      last_path: '/login',
      failure_codes: ' REQUIRED INVALID_CODE ',
    });
    expect(Number(row.started_at)).toBe(START);
    expect(Number(row.duration_ms)).toBe(10_000);
    expect(Number(row.reloads)).toBe(1);

    const list = await replay('--list');
    expect(list.stderr).toBe('');
    const lines = list.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^reference\s+sent\s+size\s+started\s+length\s+app\s+lang\s+device/);
    expect(lines.at(-1)).toBe('3 of 3 uploads (page 1 of 1)');
    const troubledLine = lines.find((line) => line.startsWith(troubled.body.reference))!;
    expect(troubledLine).toContain(`user ${userId}`);
    expect(troubledLine).not.toMatch(/\bguest\b/);
    expect(troubledLine).toMatch(/2026-11-20T09:00:00Z\s+10 s\s+1\.4\.2\s+kh\s+mobile\s/);
    expect(troubledLine).toMatch(/\/login\s+REQUIRED INVALID_CODE\s+1$/);

    const failed = JSON.parse(
      (await replay('--list', '--failed', 'INVALID_CODE', '--json')).stdout,
    );
    expect(failed.total).toBe(1);
    expect(failed.uploads[0]).toMatchObject({
      reference: troubled.body.reference,
      userIds: [userId],
    });
    const stopped = JSON.parse(
      (await replay('--list', '--stopped-at', '/signup', '--limit', '1', '--page', '2', '--json'))
        .stdout,
    );
    expect(stopped).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(stopped.uploads).toHaveLength(1);
    const since = JSON.parse(
      (await replay('--list', '--since', '2026-11-20T10:30Z', '--until', '2026-11-21', '--json'))
        .stdout,
    );
    expect(since.uploads.map((upload: { reference: string }) => upload.reference)).toEqual([
      guests[1],
    ]);

    const stats = JSON.parse((await replay('--stats', '--json')).stdout);
    expect(stats).toEqual({
      logs: 3,
      funnel: [
        { step: 'signed up', logs: 1 },
        { step: 'activated', logs: 1 },
        { step: 'logged in', logs: 0 },
        { step: 'home', logs: 1 },
      ],
      failures: [
        { code: 'COMMON_PASSWORD', times: 2, logs: 2 },
        { code: 'VALIDATION', times: 2, logs: 2 },
        { code: 'INVALID_CODE', times: 2, logs: 1 },
        { code: 'REQUIRED', times: 1, logs: 1 },
      ],
      stops: [
        { path: '/signup', logs: 2 },
        { path: '/login', logs: 1 },
      ],
      timePerView: [
        { path: '/signup', medianMs: 4000, visits: 3 },
        { path: '/', medianMs: 2000, visits: 1 },
        { path: '/login', medianMs: 0, visits: 1 },
        { path: '/user/verify-account', medianMs: 5000, visits: 1 },
      ],
    });
    const text = (await replay('--stats', '--since', '2026-11-20')).stdout;
    expect(text).toMatch(/^3 logs\n/);
    expect(text).toMatch(/^ {2}signed up\s+1\s+33%$/m);
    expect(text).toMatch(/^ {2}INVALID_CODE\s+2\s+1$/m);
    expect(text).not.toMatch(/api\/execute/);

    // Deleting the account deletes the log that holds its id, though it was sent as a guest.
    const deleted = await client.post(
      API_PATHS.deleteAccount,
      { password: OWNER_PASSWORD },
      { authorization: `Bearer ${login.body.token}` },
    );
    client.close();
    expect(deleted.status).toBe(200);
    const left = await running.server.app.db
      .selectFrom('action_logs')
      .select('reference')
      .execute();
    expect(left.map((upload) => upload.reference).sort()).toEqual([...guests].sort());
    const links = await running.server.app.db.selectFrom('action_log_users').selectAll().execute();
    expect(links).toEqual([]);
  });

  it('indexes and ties the uploads stored before the index existed, as it is added', async () => {
    const address = visitorAddress(50);
    const client = new AddressClient(running.server.url, address);
    const email = uniqueEmail('legacy');
    await activatedAccount(client, email);
    const login = await client.post(API_PATHS.login, { email, password: OWNER_PASSWORD });
    client.close();
    const userId = login.body.user.id as string;
    const db = running.server.app.db;

    await indexMigration.down(db as never);
    // An upload as the earlier server stored it: a guest's, holding the user's id.
    await db
      .insertInto('action_logs')
      .values({
        reference: 'LGCY-2345',
        user_id: null,
        created_at: Math.floor(Date.now() / 1000),
        size: 1,
        body: troubledLog(userId),
      } as never)
      .execute();
    await indexMigration.up(db as never);

    const row = await db
      .selectFrom('action_logs')
      .selectAll()
      .where('reference', '=', 'LGCY-2345')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ signed_in: 1, last_path: '/login', locale: 'kh' });
    expect(await db.selectFrom('action_log_users').selectAll().execute()).toEqual([
      { reference: 'LGCY-2345', user_id: userId },
    ]);
    await db.deleteFrom('users').where('id', '=', userId).execute();
    expect(
      await db
        .selectFrom('action_logs')
        .where('reference', '=', 'LGCY-2345')
        .select('reference')
        .execute(),
    ).toEqual([]);
  });
});
