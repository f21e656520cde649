// A sign-up's 201 means the sign-up exists: a login with its password, sent the moment the answer
// is in and before the mail worker has run, answers ACCOUNT_NOT_ACTIVATED. It answers the same
// whether the email was new, already signed up by someone else, or an activated account's, and
// every answer but a session costs the same two password checks, so neither the answer nor its
// time tells the cases apart. On SQLite and on PostgreSQL.
import type { FastifyInstance } from 'fastify';

import { API_PATHS } from '../../contract/api';
import { ApiClient } from '../../testing/server/client';
import { testConfig } from '../../testing/server/config';
import { ENGINES, type Engine } from '../../testing/server/engines';
import { buildApp } from '../app';

const OWNER = 'owner passphrase for tests';
const STRANGER = 'stranger passphrase for tests';

describe.each(ENGINES)('a sign-up on %s', (_name, engine: Engine) => {
  let tearDown: () => Promise<void>;
  let server: FastifyInstance;
  let api: ApiClient;
  let stranger: ApiClient;
  /** Runs the mail worker once; between two calls, it does not run. */
  let runWorker: () => Promise<void>;
  const checks: string[] = [];

  beforeAll(async () => {
    const place = await engine.setUp();
    tearDown = place.tearDown;
    const env = { ...place.env, PUBLIC_URL: 'http://localhost:8080', MAIL_POLL_MS: '60000' };
    server = await buildApp(testConfig(place.dataDir, { ...env, RATE_LIMIT_SIGNUP_MAX: '1000' }));
    await server.ready();
    server.mail.kick = () => {};
    runWorker = () => server.mail.idle();
    api = ApiClient.inject(server, '127.0.0.1');
    stranger = ApiClient.inject(server, '127.0.0.2');
    const { passwords } = server;
    const { verify, verifyNothing } = passwords;
    passwords.verify = (hash, password) => {
      checks.push('check');
      return verify(hash, password);
    };
    passwords.verifyNothing = (password) => {
      checks.push('check');
      return verifyNothing(password);
    };
  });

  afterAll(async () => {
    await server?.close();
    await tearDown?.();
  });

  const email = (label: string) => `${label}-${Date.now()}@example.com`;

  async function signUp(client: ApiClient, address: string, password: string) {
    const answer = await client.post(API_PATHS.signup, { name: 'Dara', email: address, password });
    expect(answer.status).toBe(201);
  }

  async function logIn(client: ApiClient, address: string, password: string) {
    checks.length = 0;
    const answer = await client.post(API_PATHS.login, { email: address, password });
    return { status: answer.status, code: answer.body.code, checks: checks.length };
  }

  /** The owner signs up and activates; `mails` is the number of activation mails by then. */
  async function activated(address: string, mails = 1) {
    await signUp(api, address, OWNER);
    await runWorker();
    const { code } = await api.waitForMail(address, mails);
    const answer = await api.post(API_PATHS.verifyAccount, {
      email: address,
      code,
      password: OWNER,
    });
    expect(answer.status).toBe(200);
  }

  const notActivated = { status: 403, code: 'ACCOUNT_NOT_ACTIVATED', checks: 2 };
  const wrong = { status: 401, code: 'INVALID_CREDENTIALS', checks: 2 };

  it('is found by a login with its password at once, before the mail worker has run', async () => {
    const fresh = email('fresh');
    await signUp(api, fresh, OWNER);
    expect(await logIn(api, fresh, OWNER)).toEqual(notActivated);
    expect(await logIn(api, fresh, STRANGER)).toEqual(wrong);
    await runWorker();
    expect(await logIn(api, fresh, OWNER)).toEqual(notActivated);
  });

  it('answers the same whether the email was new, pending or activated', async () => {
    const pending = email('pending');
    await signUp(api, pending, OWNER);
    await runWorker();
    const active = email('active');
    await activated(active);
    const fresh = email('fresh');
    for (const address of [fresh, pending, active]) {
      await signUp(stranger, address, STRANGER);
      expect([address, await logIn(stranger, address, STRANGER)]).toEqual([address, notActivated]);
      expect([address, await logIn(stranger, address, 'not the password')]).toEqual([
        address,
        wrong,
      ]);
    }
    // The owners are not shut out: the pending one from their own address, the activated one
    // with the account's password.
    expect(await logIn(api, pending, OWNER)).toEqual(notActivated);
    const opened = await logIn(api, active, OWNER);
    expect([opened.status, opened.checks]).toEqual([200, 1]);
    await runWorker();
  });

  it('leaves the account to its password once activated, and goes with a deleted account', async () => {
    const address = email('activated');
    await signUp(stranger, address, STRANGER);
    await activated(address, 2);
    // Activation kept the owner's password: the stranger's sign-up is gone with the others.
    expect(await logIn(stranger, address, STRANGER)).toEqual(wrong);
    const token = (await api.post(API_PATHS.login, { email: address, password: OWNER })).body
      .token as string;
    const deleted = await api.post(
      API_PATHS.deleteAccount,
      { password: OWNER },
      { authorization: `Bearer ${token}` },
    );
    expect(deleted.status).toBe(200);
    const left = await server.db
      .selectFrom('pending_signups')
      .select('id')
      .where('email', '=', address)
      .execute();
    expect(left).toEqual([]);
  });
});
