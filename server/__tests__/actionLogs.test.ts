// POST /v1/api/action-logs on both engines: a valid log is stored under a short reference, a file
// that is not a log is refused with nothing stored, 2 MiB is the cap, 5 uploads per address per
// hour, the uploader's account takes its uploads with it, and 30 days is the most they are kept.
import http from 'node:http';

import { API_PATHS } from '../../contract/api';
import { ACTION_LOG_BODY_LIMIT } from '../../features/action-logs/endpoints';
import { activatedAccount, OWNER_PASSWORD, uniqueEmail } from '../../testing/server/abuse/accounts';
import { AddressClient, visitorAddress } from '../../testing/server/abuse/fromAddress';
import { sendLog, tinyLog } from '../../testing/server/actionLogs';
import { testConfig } from '../../testing/server/config';
import { ENGINES } from '../../testing/server/engines';
import { startServer, type RunningServer } from '../app';
import type { Clock } from '../plugins/resources';
import { REFERENCE_PATTERN } from '../repo/action-logs';

const DAY = 24 * 60 * 60;

/** A clock the test moves. */
function testClock(start: number): Clock & { set(seconds: number): void } {
  let now = start;
  return {
    nowSeconds: () => now,
    nowMs: () => now * 1000,
    set(seconds: number) {
      now = seconds;
    },
  };
}

describe.each(ENGINES)('activity logs sent to support on %s', (_name, engine) => {
  let env: Awaited<ReturnType<typeof engine.setUp>>;
  let server: RunningServer;
  const clock = testClock(Math.floor(Date.now() / 1000));
  let visitor = 0;
  /** A client address no other test used, so each test has its own upload limit. */
  const freshAddress = () => visitorAddress((visitor += 1));

  const start = () =>
    startServer(testConfig(env.dataDir, { ...env.env, LOG_LEVEL: 'silent' }), { clock });
  const stored = (reference: string) =>
    server.app.db
      .selectFrom('action_logs')
      .innerJoin('action_log_bodies', 'action_log_bodies.reference', 'action_logs.reference')
      .selectAll()
      .where('action_logs.reference', '=', reference)
      .executeTakeFirst();
  const count = async () =>
    Number(
      (
        await server.app.db
          .selectFrom('action_logs')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    env = await engine.setUp();
    server = await start();
  });

  afterAll(async () => {
    await server?.close();
    await env?.tearDown();
  });

  it('stores a valid log and answers 201 with a short reference', async () => {
    const text = tinyLog({ type: 'router/locationChanged', payload: { pathname: '/login' } });
    const answer = await sendLog(server.url, text, { from: freshAddress() });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ error: false, reference: expect.any(String) });
    expect(answer.body.reference).toMatch(REFERENCE_PATTERN);
    const row = await stored(answer.body.reference);
    expect(row).toMatchObject({ user_id: null, created_at: clock.nowSeconds() });
    expect(JSON.parse(row!.body)).toEqual(JSON.parse(text));
    expect(Number(row!.size)).toBe(Buffer.byteLength(row!.body));
  });

  it('redacts again before storing: a secret sent by a modified app is not kept', async () => {
    const text = tinyLog({ type: 'form/submitted', payload: { password: 'hunter2 hunter2' } });
    const answer = await sendLog(server.url, text, { from: freshAddress() });
    expect(answer.status).toBe(201);
    const row = await stored(answer.body.reference);
    expect(row!.body).not.toContain('hunter2');
  });

  it.each([
    ['not JSON', 'hello'],
    ['a JSON array', '[]'],
    ['no actionLog', JSON.stringify({ payload: '[]', preloadedState: '{}' })],
    ['a payload that is not JSON', tinyLog().replace('"payload":"[', '"payload":"[[')],
    [
      'an action without a type',
      JSON.stringify({ ...JSON.parse(tinyLog()), payload: '[{"kind":1}]' }),
    ],
    [
      'timestamps that do not match the actions',
      tinyLog().replace('"timestamps":[1767225600000]', '"timestamps":[]'),
    ],
    ['another version', tinyLog().replace('"version":1', '"version":2')],
    [
      'a hostile nesting depth',
      JSON.stringify({
        ...JSON.parse(tinyLog()),
        payload: `[{"type":"x","p":${'['.repeat(500_000)}${']'.repeat(500_000)}}]`,
      }),
    ],
  ])('refuses %s with 400 VALIDATION and stores nothing', async (_what, text) => {
    const before = await count();
    const answer = await sendLog(server.url, text, { from: freshAddress() });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: true, code: 'VALIDATION' });
    expect(await count()).toBe(before);
  });

  it('takes a log of exactly 2 MiB and answers 413 for one byte more', async () => {
    const text = tinyLog();
    const exact = text + ' '.repeat(ACTION_LOG_BODY_LIMIT - Buffer.byteLength(text));
    expect(Buffer.byteLength(exact)).toBe(2 * 1024 * 1024);
    expect((await sendLog(server.url, exact, { from: freshAddress() })).status).toBe(201);
    const before = await count();
    const over = await sendLog(server.url, `${exact} `, { from: freshAddress() });
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({ error: true, code: 'PAYLOAD_TOO_LARGE' });
    expect(await count()).toBe(before);
  });

  it('answers 413 to a body sent in chunks without a length, once it passes 2 MiB', async () => {
    const answer = await new Promise<number>((resolve, reject) => {
      const request = http.request(server.url + API_PATHS.actionLogs, {
        method: 'POST',
        localAddress: freshAddress(),
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      });
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
      });
      const chunk = ' '.repeat(64 * 1024);
      // 100 MB announced by nothing: the server must stop reading on its own.
      let written = 0;
      const pump = () => {
        while (written < 100 * 1024 * 1024 && !request.destroyed) {
          written += chunk.length;
          if (!request.write(chunk)) return void request.once('drain', pump);
        }
        request.end();
      };
      pump();
    });
    expect(answer).toBe(413);
  });

  it('keeps __proto__ keys as plain data, never on a prototype', async () => {
    const action = JSON.parse('{"type":"x","__proto__":{"polluted":"action"}}');
    const text = tinyLog(action).replace('{', '{"__proto__":{"polluted":"file"},');
    const answer = await sendLog(server.url, text, { from: freshAddress() });
    expect([201, 400]).toContain(answer.status);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('takes 5 uploads per client address per hour; the 6th is 429 with Retry-After', async () => {
    const address = freshAddress();
    const answers = [];
    for (let i = 0; i < 6; i += 1)
      answers.push(await sendLog(server.url, tinyLog(), { from: address }));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 429]);
    const refused = answers[5]!;
    expect(refused.body).toMatchObject({ error: true, code: 'RATE_LIMITED' });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Another address is not affected.
    expect((await sendLog(server.url, tinyLog(), { from: freshAddress() })).status).toBe(201);
  });

  it('ties an upload to the signed-in user; deleting the account deletes their uploads', async () => {
    const address = freshAddress();
    const client = new AddressClient(server.url, address);
    try {
      const email = uniqueEmail('log-owner');
      await activatedAccount(client, email);
      const login = await client.post(API_PATHS.login, { email, password: OWNER_PASSWORD });
      expect(login.status).toBe(200);
      const mine = await sendLog(server.url, tinyLog(), { from: address, token: login.body.token });
      expect(mine.status).toBe(201);
      expect(await stored(mine.body.reference)).toMatchObject({ user_id: login.body.user.id });
      // An unknown token sends as a guest.
      const guest = await sendLog(server.url, tinyLog(), { from: address, token: 'not-a-token' });
      expect(await stored(guest.body.reference)).toMatchObject({ user_id: null });

      const deleted = await client.post(
        API_PATHS.deleteAccount,
        { password: OWNER_PASSWORD },
        { authorization: `Bearer ${login.body.token}` },
      );
      expect(deleted.status).toBe(200);
      expect(await stored(mine.body.reference)).toBeUndefined();
      expect(await stored(guest.body.reference)).toBeDefined();
    } finally {
      client.close();
    }
  });

  it('deletes the uploads with their user row too (the foreign key cascades)', async () => {
    const address = freshAddress();
    const client = new AddressClient(server.url, address);
    try {
      const email = uniqueEmail('log-cascade');
      await activatedAccount(client, email);
      const login = await client.post(API_PATHS.login, { email, password: OWNER_PASSWORD });
      const mine = await sendLog(server.url, tinyLog(), { from: address, token: login.body.token });
      expect(await stored(mine.body.reference)).toMatchObject({ user_id: login.body.user.id });
      await server.app.db.deleteFrom('users').where('id', '=', login.body.user.id).execute();
      expect(await stored(mine.body.reference)).toBeUndefined();
    } finally {
      client.close();
    }
  });

  it('deletes uploads older than 30 days when the server starts', async () => {
    const now = clock.nowSeconds();
    const old = await sendLog(server.url, tinyLog(), { from: freshAddress() });
    clock.set(now + 20 * DAY);
    const recent = await sendLog(server.url, tinyLog(), { from: freshAddress() });
    await server.close();

    clock.set(now + 31 * DAY);
    server = await start();
    expect(await stored(old.body.reference)).toBeUndefined();
    expect(await stored(recent.body.reference)).toBeDefined();
    clock.set(now);
  });
});
