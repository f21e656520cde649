// The server's record of account requests (auth_events), on both engines: one row per request with
// the decision, the limit and tries left, the ids the app sent and never a secret; written with
// the decision or not at all; gone with the account; carried by the request log.

import { API_PATHS } from '../../contract/api';
import {
  activatedAccount,
  OWNER_PASSWORD,
  pendingAccount,
  uniqueEmail,
  wrongCode,
} from '../../testing/server/abuse/accounts';
import { AddressClient, visitorAddress } from '../../testing/server/abuse/fromAddress';
import { capturedLog } from '../../testing/server/capturedLog';
import { ENGINES } from '../../testing/server/engines';
import { listeningServerFor } from '../../testing/server/injectedApp';
import { authEventsOfLog } from '../auth/auth-event-queries';
import { SESSION_CHECK_REFUSALS_PER_ADDRESS } from '../auth/auth-events';

describe.each(ENGINES)('auth events on %s', (_name, engine) => {
  const log = capturedLog();
  const running = listeningServerFor(engine, { LOG_LEVEL: 'info' }, { logStream: log.stream });

  const events = (where: { log_id?: string; user_id?: string }) => {
    let query = running.server.app.db
      .selectFrom('auth_events')
      .selectAll()
      .orderBy('time')
      .orderBy('id');
    if (where.log_id) query = query.where('log_id', '=', where.log_id);
    if (where.user_id) query = query.where('user_id', '=', where.user_id);
    return query.execute();
  };

  it('records a refused code with its limit and tries left, then the activation', async () => {
    const client = new AddressClient(running.server.url, visitorAddress(11));
    const email = uniqueEmail('events');
    const code = await pendingAccount(client, email);
    const logId = `log-${Date.now()}`;
    const ids = (n: number) => ({ 'x-log-id': logId, 'x-request-id': `req-${n}` });
    for (const n of [1, 2]) {
      const refused = await client.post(
        API_PATHS.verifyAccount,
        { email, code: wrongCode(code), password: OWNER_PASSWORD },
        ids(n),
      );
      expect(refused.status).toBe(400);
      expect(refused.headers.get('x-request-id')).toBe(`req-${n}`);
    }
    const activated = await client.post(
      API_PATHS.verifyAccount,
      { email, code, password: OWNER_PASSWORD },
      ids(3),
    );
    expect(activated.status).toBe(200);
    client.close();

    const rows = await events({ log_id: logId });
    expect(rows.map((row) => [row.request_id, row.outcome, row.status, row.code])).toEqual([
      ['req-1', 'refused', 400, 'INVALID_CODE'],
      ['req-2', 'refused', 400, 'INVALID_CODE'],
      ['req-3', 'accepted', 200, null],
    ]);
    expect(rows[1]).toMatchObject({
      event: 'verifyAccount',
      limit_name: 'code-pair',
      limit_left: 3,
      limit_points: 5,
      user_id: null,
    });
    const user = await running.server.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const session = await running.server.app.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(rows[2]).toMatchObject({ user_id: user.id, session_id: session.id });
    // The address, only as this deployment's HMAC.
    expect(rows[0]!.address_hash).toMatch(/^[\w-]{43}$/);
    expect(JSON.stringify(rows)).not.toContain(visitorAddress(11));
    expect(JSON.stringify(rows)).not.toContain(email);
    expect(JSON.stringify(rows)).not.toContain(code);
    // authEventsOfLog finds them by the log id, and by a request id of the log.
    const joined = await authEventsOfLog(running.server.app.db, 'another-log', ['req-2']);
    expect(joined.map((row) => row.request_id)).toEqual(['req-2']);

    // The request log names the request by the app's id, the log, and the refusal's code.
    const line = log
      .text()
      .split('\n')
      .filter(Boolean)
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((entry) => entry.reqId === 'req-1' && entry.msg === 'request completed');
    expect(line).toMatchObject({ logId, refusal: 'INVALID_CODE', res: { statusCode: 400 } });
  });

  it('writes the same one row for a sign-up whatever the email, and refuses ids that are not ids', async () => {
    const client = new AddressClient(running.server.url, visitorAddress(12));
    const taken = uniqueEmail('taken');
    await activatedAccount(client, taken);
    const logId = `signups-${Date.now()}`;
    for (const [n, email] of [taken, uniqueEmail('free')].entries()) {
      const answer = await client.post(
        API_PATHS.signup,
        { name: 'Someone', email, password: OWNER_PASSWORD },
        { 'x-log-id': logId, 'x-request-id': `signup-${n}` },
      );
      expect(answer.status).toBe(201);
    }
    const bad = await client.post(
      API_PATHS.login,
      { email: taken, password: 'not the password' },
      { 'x-log-id': 'no spaces allowed', 'x-request-id': 'x'.repeat(65) },
    );
    expect(bad.status).toBe(401);
    expect(bad.headers.get('x-request-id')).not.toBe('x'.repeat(65));
    client.close();

    const rows = await events({ log_id: logId });
    const shape = rows.map(({ event, outcome, status, code, user_id, session_id, limit_name }) => ({
      event,
      outcome,
      status,
      code,
      user_id,
      session_id,
      limit_name,
    }));
    expect(shape).toHaveLength(2);
    expect(shape[0]).toEqual(shape[1]);
    expect(shape[0]).toMatchObject({ event: 'signup', outcome: 'accepted', status: 201 });

    const refusedLogin = await running.server.app.db
      .selectFrom('auth_events')
      .selectAll()
      .where('event', '=', 'login')
      .where('code', '=', 'INVALID_CREDENTIALS')
      .execute();
    expect(refusedLogin.length).toBeGreaterThanOrEqual(1);
    expect(refusedLogin.every((row) => row.log_id === null && row.request_id === null)).toBe(true);
  });

  it('records a refused session check, never a good one, and a field code of a validation', async () => {
    const client = new AddressClient(running.server.url, visitorAddress(13));
    const email = uniqueEmail('verify');
    await activatedAccount(client, email);
    const login = await client.post(API_PATHS.login, { email, password: OWNER_PASSWORD });
    const logId = `verify-${Date.now()}`;
    const headers = (token: string, n: number) => ({
      authorization: `Bearer ${token}`,
      'x-log-id': logId,
      'x-request-id': `verify-${n}`,
    });
    expect(
      (await client.request('GET', API_PATHS.verify, undefined, headers(login.body.token, 1)))
        .status,
    ).toBe(200);
    expect(
      (await client.request('GET', API_PATHS.verify, undefined, headers('nope', 2))).status,
    ).toBe(401);
    // A guest's check without a token is refused nothing worth a row.
    const guest = await client.request('GET', API_PATHS.verify, undefined, {
      'x-log-id': logId,
      'x-request-id': 'verify-guest',
    });
    expect(guest.status).toBe(401);
    // A read (the session list) is no decision either.
    const read = await client.request(
      'GET',
      API_PATHS.sessions,
      undefined,
      headers(login.body.token, 4),
    );
    expect(read.status).toBe(200);
    const wrong = await client.post(
      API_PATHS.changePassword,
      { currentPassword: 'not it', newPassword: 'a brand new passphrase' },
      headers(login.body.token, 3),
    );
    expect(wrong.status).toBe(400);
    client.close();
    // The session check's refusals are written together, within a second.
    await running.server.app.authEvents.flush();
    const rows = await events({ log_id: logId });
    expect(rows.map((row) => [row.request_id, row.event, row.code])).toEqual([
      ['verify-2', 'verify', 'INVALID_TOKEN'],
      ['verify-3', 'changePassword', 'VALIDATION currentPassword:INCORRECT'],
    ]);
    expect(rows[1]!.limit_name).toBe('account-password-session');
    expect(rows[1]!.session_id).not.toBeNull();
  });

  it('records a flood of bad tokens from one address only up to its bound a minute', async () => {
    const client = new AddressClient(running.server.url, visitorAddress(15));
    const logId = `flood-${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, n) =>
        client.request('GET', API_PATHS.verify, undefined, {
          authorization: `Bearer bad-token-${n}`,
          'x-log-id': logId,
        }),
      ),
    );
    client.close();
    expect(answers.every((answer) => answer.status === 401)).toBe(true);
    await running.server.app.authEvents.flush();
    // Every refusal is answered; the record keeps the first ones of the minute from this address.
    expect((await events({ log_id: logId })).length).toBe(SESSION_CHECK_REFUSALS_PER_ADDRESS);
  });

  it('deletes an account’s events with the account', async () => {
    const client = new AddressClient(running.server.url, visitorAddress(14));
    const email = uniqueEmail('deleted');
    await activatedAccount(client, email);
    const login = await client.post(API_PATHS.login, { email, password: OWNER_PASSWORD });
    const userId = login.body.user.id as string;
    expect((await events({ user_id: userId })).length).toBeGreaterThanOrEqual(2);
    const deleted = await client.post(
      API_PATHS.deleteAccount,
      { password: OWNER_PASSWORD },
      { authorization: `Bearer ${login.body.token}`, 'x-request-id': 'delete-1' },
    );
    expect(deleted.status).toBe(200);
    client.close();
    expect(await events({ user_id: userId })).toEqual([]);
    const deletion = await running.server.app.db
      .selectFrom('auth_events')
      .selectAll()
      .where('request_id', '=', 'delete-1')
      .execute();
    expect(deletion).toMatchObject([
      { event: 'deleteAccount', outcome: 'accepted', user_id: null },
    ]);
  });

  it('leaves no event when the decision’s transaction fails', async () => {
    const { db } = running.server.app;
    const before = await db.selectFrom('auth_events').select('id').execute();
    await expect(
      db.transaction().execute(async (trx) => {
        await running.server.app.authEvents.insert(trx, {
          event: 'login',
          outcome: 'accepted',
          status: 200,
          address: '127.0.0.1',
          headers: { 'x-request-id': 'rolled-back' },
        });
        throw new Error('the decision failed');
      }),
    ).rejects.toThrow('the decision failed');
    const after = await db.selectFrom('auth_events').select('id').execute();
    expect(after).toHaveLength(before.length);
  });
});
