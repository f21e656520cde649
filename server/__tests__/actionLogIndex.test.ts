// Each upload's index, worked out as it is stored, on both engines: what --list shows and filters
// on, what --stats counts, and the accounts an upload is tied to: the session that sent it and
// those the server saw its tab use (so deleting any of them deletes it, also a log sent after
// logging out), never an account whose id the log merely names.

import { API_PATHS } from '../../contract/api';
import {
  activatedAccount,
  activatedSession,
  bearer,
  OWNER_PASSWORD,
  uniqueEmail,
} from '../../testing/server/abuse/accounts';
import { AddressClient, visitorAddress } from '../../testing/server/abuse/fromAddress';
import { replayCli, sendLog } from '../../testing/server/actionLogs';
import { testConfig } from '../../testing/server/config';
import { ENGINES } from '../../testing/server/engines';
import { listeningServerFor } from '../../testing/server/injectedApp';
import { startServer } from '../app';
import * as reindexMigration from '../db/migrations/016_action_log_reindex';
import { ACTION_LOG_INDEX_VERSION, reindexActionLogs } from '../repo/action-logs';

// Each test runs the replay command several times, a few seconds each on a busy machine.
jest.setTimeout(120_000);

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
function logOf(actions: object[], start = START, stepMs = 1000, logId?: string): string {
  return JSON.stringify({
    payload: JSON.stringify(actions),
    preloadedState: JSON.stringify({ locale: { current: 'en' }, router: { location: null } }),
    actionLog: {
      version: 1,
      app: 'accounts-app@1.4.2',
      timestamps: actions.map((_action, index) => start + index * stepMs),
      stateHashes: actions.map(() => '0'),
      ...(logId ? { logId } : {}),
    },
  });
}

/**
 * Signed up, a wrong code, a reload (the page before it had `previousLogId`), activated, home,
 * logged out: then sent, as a guest.
 */
function troubledLog(userId: string, logId?: string, previousLogId = 'an-earlier-page'): string {
  return logOf(
    [
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
          previousLogId,
        },
      },
      refusal('verifyAccount', 400, { error: true, code: 'INVALID_CODE' }),
      answer('verifyAccount', {
        error: false,
        token: '[redacted]',
        user: { id: userId, name: 'Visitor A' },
      }),
      location('/'),
      { type: 'auth/sessionVerified', payload: { user: { id: userId } } },
      { type: 'auth/loggedOut' },
      location('/login'),
    ],
    START,
    1000,
    logId,
  );
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
    // The tab's first page logs in (its log id on the request), then reloads.
    const login = await client.post(
      API_PATHS.login,
      { email, password: OWNER_PASSWORD },
      { 'x-log-id': 'indexed-page-1' },
    );
    const userId = login.body.user.id as string;

    // Sent as a guest (after logging out), from a phone.
    const troubled = await sendLog(
      running.server.url,
      troubledLog(userId, 'indexed-page-2', 'indexed-page-1'),
      { from: address, headers: { 'user-agent': PHONE } },
    );
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
      failure_codes:
        ' signup:FORM_REFUSED FORM_REFUSED signup:REQUIRED REQUIRED verifyAccount:INVALID_CODE INVALID_CODE ',
      index_version: ACTION_LOG_INDEX_VERSION,
    });
    expect(Number(row.started_at)).toBe(START);
    expect(Number(row.duration_ms)).toBe(11_000);
    expect(Number(row.reloads)).toBe(1);

    const list = await replay('--list');
    expect(list.stderr).toBe('');
    const lines = list.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^reference\s+sent\s+size\s+started\s+length\s+app\s+lang\s+device/);
    expect(lines.at(-1)).toBe('3 of 3 uploads (page 1 of 1)');
    const troubledLine = lines.find((line) => line.startsWith(troubled.body.reference))!;
    // The server saw this tab's first page log in as the user: the upload is theirs.
    expect(troubledLine).toContain(`user ${userId}`);
    expect(troubledLine).not.toMatch(/\bguest\b/);
    expect(troubledLine).toMatch(/2026-11-20T09:00:00Z\s+11 s\s+1\.4\.2\s+kh\s+mobile\s/);
    expect(troubledLine).toMatch(
      /\/login\s+signup:FORM_REFUSED \(email:REQUIRED\), verifyAccount:INVALID_CODE x2\s+1$/,
    );
    for (const guest of guests) {
      expect(lines.find((line) => line.startsWith(guest))).toMatch(
        /\sguest\s+\/signup\s+signup:VALIDATION \(password:COMMON_PASSWORD\)\s+0$/,
      );
    }

    const failed = JSON.parse(
      (await replay('--list', '--failed', 'INVALID_CODE', '--json')).stdout,
    );
    expect(failed.total).toBe(1);
    expect(failed.uploads[0]).toMatchObject({
      reference: troubled.body.reference,
      userIds: [userId],
      signedIn: true,
      failures: {
        'signup:FORM_REFUSED': { times: 1, fields: { 'email:REQUIRED': 1 } },
        'verifyAccount:INVALID_CODE': { times: 2, fields: {} },
      },
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
    const none = { wentOn: 0, medianMs: null, p90Ms: null };
    expect(stats).toEqual({
      logs: 3,
      funnel: [
        { step: 'signed up', logs: 1 },
        { step: 'activated', logs: 1 },
        { step: 'logged in', logs: 0 },
        { step: 'home', logs: 1 },
      ],
      stepTimes: [
        { from: 'signed up', to: 'activated', reached: 1, wentOn: 1, medianMs: 5000, p90Ms: 5000 },
        { from: 'signed up', to: 'logged in', reached: 1, ...none },
        { from: 'signed up', to: 'home', reached: 1, wentOn: 1, medianMs: 7000, p90Ms: 7000 },
        { from: 'activated', to: 'logged in', reached: 1, ...none },
        { from: 'activated', to: 'home', reached: 1, wentOn: 1, medianMs: 2000, p90Ms: 2000 },
        { from: 'logged in', to: 'home', reached: 0, ...none },
      ],
      failures: [
        {
          failure: 'signup:VALIDATION',
          times: 2,
          logs: 2,
          fields: [{ field: 'password:COMMON_PASSWORD', times: 2, logs: 2 }],
        },
        { failure: 'verifyAccount:INVALID_CODE', times: 2, logs: 1, fields: [] },
        {
          failure: 'signup:FORM_REFUSED',
          times: 1,
          logs: 1,
          fields: [{ field: 'email:REQUIRED', times: 1, logs: 1 }],
        },
      ],
      stops: [
        { path: '/signup', logs: 2 },
        { path: '/login', logs: 1 },
      ],
      timePerView: [
        { path: '/signup', medianMs: 4000, visits: 3 },
        { path: '/', medianMs: 3000, visits: 1 },
        { path: '/login', medianMs: 0, visits: 1 },
        { path: '/user/verify-account', medianMs: 5000, visits: 1 },
      ],
    });
    const text = (await replay('--stats', '--since', '2026-11-20')).stdout;
    expect(text).toMatch(/^3 logs\n/);
    expect(text).toMatch(/^ {2}signed up\s+1\s+33%$/m);
    expect(text).toMatch(/^ {2}verifyAccount:INVALID_CODE\s+2\s+1$/m);
    expect(text).toMatch(/^ {2}signed up → activated\s+1\s+1\s+5\.0 s\s+5\.0 s$/m);
    expect(text).not.toMatch(/api\/execute/);

    // Deleting the account deletes the log the server saw its session in, though sent as a guest.
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

  it('ties an upload to the session that sent it, never to another account whose id it names', async () => {
    const db = running.server.app.db;
    const victimClient = new AddressClient(running.server.url, visitorAddress(60));
    const victim = await activatedSession(victimClient, uniqueEmail('named'));
    victimClient.close();
    const strangerClient = new AddressClient(running.server.url, visitorAddress(61));
    const stranger = await activatedSession(strangerClient, uniqueEmail('stranger'));
    // The stranger's own tab, whose requests the server saw with the stranger's session.
    const own = await strangerClient.post(API_PATHS.revokeOtherSessions, undefined, {
      ...bearer(stranger.token),
      'x-log-id': 'stranger-tab',
    });
    expect(own.status).toBe(200);

    // As a guest, then signed in as themselves: logs that name the victim's id throughout.
    const asGuest = await sendLog(running.server.url, troubledLog(victim.userId, 'forged-tab'), {
      from: visitorAddress(61),
    });
    const asThemselves = await sendLog(
      running.server.url,
      troubledLog(victim.userId, 'stranger-tab'),
      { from: visitorAddress(62), token: stranger.token },
    );
    strangerClient.close();
    expect([asGuest.status, asThemselves.status]).toEqual([201, 201]);

    const listed = JSON.parse((await replay('--list', '--json')).stdout) as {
      uploads: { reference: string; userIds: string[]; signedIn: boolean }[];
    };
    const byReference = (reference: string) =>
      listed.uploads.find((upload) => upload.reference === reference);
    expect(byReference(asGuest.body.reference)).toMatchObject({ userIds: [], signedIn: true });
    expect(byReference(asThemselves.body.reference)).toMatchObject({
      userIds: [stranger.userId],
    });
    const text = (await replay('--list')).stdout;
    expect(text).not.toContain(victim.userId);
    expect(text.split('\n').find((line) => line.startsWith(asGuest.body.reference))).toMatch(
      /\sunconfirmed\s/,
    );
    const links = await db
      .selectFrom('action_log_users')
      .selectAll()
      .where('reference', 'in', [asGuest.body.reference, asThemselves.body.reference])
      .execute();
    expect(links).toEqual([{ reference: asThemselves.body.reference, user_id: stranger.userId }]);

    // The victim's account goes: neither stranger's upload goes with it; the stranger's does.
    await db.deleteFrom('users').where('id', '=', victim.userId).execute();
    const kept = (references: string[]) =>
      db
        .selectFrom('action_logs')
        .select('reference')
        .where('reference', 'in', references)
        .execute()
        .then((rows) => rows.map((row) => row.reference).sort());
    const both = [asGuest.body.reference, asThemselves.body.reference];
    expect(await kept(both)).toEqual([...both].sort());
    await db.deleteFrom('users').where('id', '=', stranger.userId).execute();
    expect(await kept(both)).toEqual([asGuest.body.reference]);
  });

  it('indexes again the uploads an earlier version indexed, at the start and before counting', async () => {
    const db = running.server.app.db;
    const client = new AddressClient(running.server.url, visitorAddress(50));
    const owner = await activatedSession(client, uniqueEmail('legacy'));
    // The owner's tab used the session; another account is only named in the logs.
    await client.post(API_PATHS.revokeOtherSessions, undefined, {
      ...bearer(owner.token),
      'x-log-id': 'legacy-tab',
    });
    client.close();
    const namedClient = new AddressClient(running.server.url, visitorAddress(51));
    const named = await activatedSession(namedClient, uniqueEmail('legacy-named'));
    namedClient.close();

    // Uploads as the earlier schema and index stored them (016 undone): the text in the row,
    // codes without their endpoint, tied to every user id they named. Then 014 again, as a
    // deployment migrates.
    await reindexMigration.down(db as never);
    for (const reference of ['LGCY-2345', 'LGCY-6789']) {
      await db
        .insertInto('action_logs')
        .values({
          reference,
          user_id: null,
          created_at: Math.floor(Date.now() / 1000),
          size: 1,
          body: troubledLog(named.userId, 'legacy-tab'),
          failure_codes: ' REQUIRED INVALID_CODE ',
          summary: JSON.stringify({
            userIds: [named.userId, owner.userId],
            failures: { REQUIRED: 1, INVALID_CODE: 2 },
            funnel: { signedUp: true, activated: true, loggedIn: false, home: true },
            visits: [],
          }),
        } as never)
        .execute();
      await db
        .insertInto('action_log_users')
        .values([
          { reference, user_id: named.userId },
          { reference, user_id: owner.userId },
        ])
        .execute();
    }
    await reindexMigration.up(db as never);
    expect(
      await db
        .selectFrom('action_logs')
        .innerJoin('action_log_bodies', 'action_log_bodies.reference', 'action_logs.reference')
        .select(['action_logs.reference', 'index_version', 'body'])
        .where('action_logs.reference', 'like', 'LGCY-%')
        .orderBy('action_logs.reference')
        .execute(),
    ).toEqual(
      ['LGCY-2345', 'LGCY-6789'].map((reference) => ({
        reference,
        index_version: 0,
        body: troubledLog(named.userId, 'legacy-tab'),
      })),
    );
    const reindexed = (reference: string) =>
      db
        .selectFrom('action_logs')
        .select(['failure_codes', 'summary', 'index_version'])
        .where('reference', '=', reference)
        .executeTakeFirstOrThrow();

    // A server that starts indexes them again (here a second one, on the same database).
    const second = await startServer(testConfig(running.place.dataDir, running.place.env));
    await second.close();
    expect(await reindexed('LGCY-2345')).toMatchObject({
      failure_codes:
        ' signup:FORM_REFUSED FORM_REFUSED signup:REQUIRED REQUIRED verifyAccount:INVALID_CODE INVALID_CODE ',
      index_version: ACTION_LOG_INDEX_VERSION,
    });
    // And so does the replay command, before it counts.
    await db
      .updateTable('action_logs')
      .set({ index_version: 0 })
      .where('reference', '=', 'LGCY-6789')
      .execute();
    const counted = await replay('--list', '--failed', 'verifyAccount:INVALID_CODE', '--json');
    expect(counted.stderr).toBe('replay: 1 uploads indexed again (stored by an earlier version)\n');
    const legacyListed = (
      JSON.parse(counted.stdout) as { uploads: { reference: string; userIds: string[] }[] }
    ).uploads.filter((upload) => upload.reference.startsWith('LGCY-'));
    expect(legacyListed.map((upload) => upload.userIds)).toEqual([[owner.userId], [owner.userId]]);
    expect(JSON.parse((await reindexed('LGCY-6789')).summary!)).toMatchObject({
      userIds: [owner.userId],
      failures: { 'verifyAccount:INVALID_CODE': { times: 2, fields: {} } },
    });
    expect(
      await db
        .selectFrom('action_log_users')
        .selectAll()
        .where('reference', 'like', 'LGCY-%')
        .orderBy('reference')
        .execute(),
    ).toEqual([
      { reference: 'LGCY-2345', user_id: owner.userId },
      { reference: 'LGCY-6789', user_id: owner.userId },
    ]);
    await reindexActionLogs(db);

    // Untied from the named account, the uploads stay when it goes, and go with the owner's.
    await db.deleteFrom('users').where('id', '=', named.userId).execute();
    const legacy = () =>
      db
        .selectFrom('action_logs')
        .select('reference')
        .where('reference', 'like', 'LGCY-%')
        .execute();
    expect(await legacy()).toHaveLength(2);
    await db.deleteFrom('users').where('id', '=', owner.userId).execute();
    expect(await legacy()).toEqual([]);
  });
});
