// Passkeys (WebAuthn) through real ceremonies with a software authenticator
// (testing/server/authenticator.ts): adding one to a signed-in account, signing in with it, and
// every way a ceremony can be forged or replayed (a challenge used twice, late, by another
// session; another site's origin or relying party; another account's credential; a counter going
// back; no user verification), the limits that bound failed tries, renaming and removing one, and
// the account's deletion; on both engines, with a clock the tests move on.
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';

import { API_PATHS } from '../../contract/api';
import { PASSKEYS_MAX } from '../../contract/schemas';
import {
  activatedSession,
  bearer,
  confirmSession,
  uniqueEmail,
} from '../../testing/server/abuse/accounts';
import { tally } from '../../testing/server/abuse/attack';
import { SoftAuthenticator, type Forgery } from '../../testing/server/authenticator';
import { ApiClient } from '../../testing/server/client';
import { ENGINES, type Engine } from '../../testing/server/engines';
import { injectedApp, type InjectedApp } from '../../testing/server/injectedApp';
import { sweep } from '../maintenance/sweep';
import type { Clock } from '../plugins/resources';

const PASSWORD = 'a passkey owner passphrase';
const ORIGIN = 'http://localhost:8080';
/** Failed logins per client address (RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS_MAX, as configured). */
const PER_ADDRESS = 20;
/** Passkey options per client address (RATE_LIMIT_PASSKEY_OPTIONS_PER_ADDRESS_MAX, as configured). */
const OPTIONS_PER_ADDRESS = 60;

const passkeyPath = (id: string) => `${API_PATHS.passkeys}/${encodeURIComponent(id)}`;

describe.each(ENGINES)('passkeys on %s', (_name, engine: Engine) => {
  let running: InjectedApp | undefined;
  let app: FastifyInstance;
  let api: ApiClient;
  let nowMs = Date.now();
  const clock: Clock = { nowSeconds: () => Math.floor(nowMs / 1000), nowMs: () => nowMs };
  let addresses = 0;
  /** A client from an address of its own: its failed tries spend no other test's limits. */
  const visitor = () => ApiClient.inject(app, `10.1.0.${(addresses += 1)}`);

  beforeAll(async () => {
    running = await injectedApp(
      engine,
      {
        PUBLIC_URL: ORIGIN,
        RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS_MAX: String(PER_ADDRESS),
        RATE_LIMIT_PASSKEY_OPTIONS_PER_ADDRESS_MAX: String(OPTIONS_PER_ADDRESS),
        PASSWORD_HASH_QUEUE: '1000',
        // Every account here signs up from one address: that limit is tested elsewhere.
        RATE_LIMIT_SIGNUP_MAX: '1000',
      },
      { clock },
    );
    ({ app, api } = running);
  });

  afterAll(() => running?.stop());

  /** An account whose session is confirmed: it may add passkeys for ten minutes. */
  async function signedUp(label: string) {
    const email = uniqueEmail(label);
    const session = await activatedSession(api, email, PASSWORD);
    await confirmSession(api, session.token, PASSWORD);
    return { email, ...session };
  }

  async function creationOptions(token: string, client = api) {
    const answer = await client.post(
      API_PATHS.passkeyRegistrationOptions,
      undefined,
      bearer(token),
    );
    expect(answer.status).toBe(200);
    return answer.body.options as PublicKeyCredentialCreationOptionsJSON;
  }

  async function requestOptions(client = api) {
    const answer = await client.post(API_PATHS.passkeyLoginOptions);
    expect(answer.status).toBe(200);
    return answer.body.options as PublicKeyCredentialRequestOptionsJSON;
  }

  /** An account with one passkey, held by its own authenticator. */
  async function withPasskey(label: string) {
    const account = await signedUp(label);
    const authenticator = new SoftAuthenticator(ORIGIN);
    const response = authenticator.register(await creationOptions(account.token));
    const added = await api.post(
      API_PATHS.addPasskey,
      { response, name: 'Laptop' },
      bearer(account.token),
    );
    expect(added.status).toBe(201);
    return {
      ...account,
      authenticator,
      credentialId: response.id,
      passkeyId: added.body.passkey.id as string,
    };
  }

  /** A sign-in with the account's passkey, from `client`, with what `forgery` changes. */
  async function passkeyLogin(
    owner: { authenticator: SoftAuthenticator; credentialId: string },
    forgery: Forgery = {},
    client = api,
  ) {
    const options = await requestOptions(client);
    const response = owner.authenticator.sign(options, owner.credentialId, forgery);
    return client.post(API_PATHS.passkeyLogin, { response });
  }

  const passkeyRows = (userId: string) =>
    app.db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).execute();

  it('adds a passkey, mails a notice, and signs in with it: a session opened by passkey', async () => {
    const { email, userId, token } = await signedUp('happy');
    const options = await creationOptions(token);
    expect(options.rp).toEqual({ id: 'localhost', name: app.config.mail.appName });
    expect(options.user.name).toBe(email);
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    const authenticator = new SoftAuthenticator(ORIGIN);
    const response = authenticator.register(options);
    const added = await api.post(
      API_PATHS.addPasskey,
      { response, name: '  Work laptop  ' },
      bearer(token),
    );
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      error: false,
      passkey: {
        id: expect.any(String),
        name: 'Work laptop',
        createdAt: new Date(clock.nowSeconds() * 1000).toISOString(),
        lastUsedAt: null,
      },
    });
    expect(added.body.passkey.id).not.toBe(response.id);
    const notice = await api.waitForMail(email, 2);
    expect(notice.subject).toBe('A passkey was added to your account');
    expect(notice.text).toContain('“Work laptop”');
    // It says how to remove it: the passkeys section of home, and its button.
    expect(notice.text).toContain(`${ORIGIN}/?section=passkeys`);
    expect(notice.text).toContain('press “Remove” beside “Work laptop”');

    // The next creation options leave it out: one authenticator holds one passkey per account.
    const again = await creationOptions(token);
    expect(again.excludeCredentials?.map((c) => c.id)).toEqual([response.id]);

    nowMs += 60_000;
    const signedIn = await passkeyLogin({ authenticator, credentialId: response.id });
    expect(signedIn.status).toBe(200);
    expect(Object.keys(signedIn.body).sort()).toEqual(['error', 'signature', 'token', 'user']);
    expect(signedIn.body.user).toMatchObject({ id: userId, email });
    const verified = await api.get(API_PATHS.verify, bearer(signedIn.body.token));
    expect(verified.status).toBe(200);
    const sessions = await api.get(API_PATHS.sessions, bearer(signedIn.body.token));
    const current = (sessions.body.sessions as { current: boolean; openedBy: string }[]).find(
      (session) => session.current,
    );
    expect(current?.openedBy).toBe('passkey');

    const list = await api.get(API_PATHS.passkeys, bearer(token));
    expect(list.body).toEqual({
      error: false,
      passkeys: [
        { ...added.body.passkey, lastUsedAt: new Date(clock.nowSeconds() * 1000).toISOString() },
      ],
    });
  });

  it('signs in with a passkey without the code of a second factor that is on', async () => {
    const owner = await withPasskey('totp');
    const started = await api.post(
      API_PATHS.startSecondFactor,
      { password: PASSWORD },
      bearer(owner.token),
    );
    const code = TOTP.generate({
      secret: Secret.fromBase32(started.body.secret),
      timestamp: nowMs,
    });
    const confirmed = await api.post(API_PATHS.confirmSecondFactor, { code }, bearer(owner.token));
    expect(confirmed.status).toBe(200);
    // The password alone asks for the second step; the passkey does not.
    const login = await api.post(API_PATHS.login, { email: owner.email, password: PASSWORD });
    expect(login.body.secondFactor).toBeDefined();
    const signedIn = await passkeyLogin(owner);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.token).toEqual(expect.any(String));
    expect(signedIn.body.secondFactor).toBeUndefined();
  });

  it('refuses a sign-in challenge used twice, and of two requests with one signature lets one in', async () => {
    const owner = await withPasskey('replay');
    const client = visitor();
    const options = await requestOptions(client);
    const first = owner.authenticator.sign(options, owner.credentialId);
    expect((await client.post(API_PATHS.passkeyLogin, { response: first })).status).toBe(200);
    // The same challenge, signed again with a counter that went on: the challenge is spent.
    const second = owner.authenticator.sign(options, owner.credentialId);
    const replayed = await client.post(API_PATHS.passkeyLogin, { response: second });
    expect(replayed.status).toBe(401);
    expect(replayed.body.code).toBe('INVALID_CREDENTIAL');

    const once = owner.authenticator.sign(await requestOptions(client), owner.credentialId);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => client.post(API_PATHS.passkeyLogin, { response: once })),
    );
    expect(tally(answers)).toEqual({ 200: 1, 401: 4 });
  });

  it('refuses a challenge answered after its five minutes', async () => {
    const owner = await withPasskey('late');
    const client = visitor();
    const options = await requestOptions(client);
    nowMs += 5 * 60_000 + 1000;
    const late = await client.post(API_PATHS.passkeyLogin, {
      response: owner.authenticator.sign(options, owner.credentialId),
    });
    expect(late.status).toBe(401);
    expect(late.body.code).toBe('INVALID_CREDENTIAL');

    const registration = await creationOptions(owner.token);
    nowMs += 5 * 60_000 + 1000;
    // Confirmed again, so that only the options' age refuses it.
    await confirmSession(api, owner.token, PASSWORD);
    const lateKey = await api.post(
      API_PATHS.addPasskey,
      { response: new SoftAuthenticator(ORIGIN).register(registration), name: 'Late' },
      bearer(owner.token),
    );
    expect(lateKey.status).toBe(401);
    expect(lateKey.body.code).toBe('INVALID_CREDENTIAL');
    expect(await passkeyRows(owner.userId)).toHaveLength(1);
  });

  it('refuses an unknown credential, and one of another account', async () => {
    const alice = await withPasskey('alice');
    const bob = await withPasskey('bob');
    const client = visitor();
    // A credential the server never registered.
    const stranger = new SoftAuthenticator(ORIGIN);
    stranger.register(await creationOptions(alice.token));
    const [unknownId] = stranger.credentialIds();
    const unknown = await passkeyLogin(
      { authenticator: stranger, credentialId: unknownId! },
      {},
      client,
    );
    // Said as such, so the app can tell the browser to forget it (the WebAuthn Signal API).
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('UNKNOWN_CREDENTIAL');
    // Bob's credential id, signed by Alice's key.
    const borrowed = await passkeyLogin(alice, { credentialId: bob.credentialId }, client);
    expect(borrowed.status).toBe(401);
    expect(borrowed.body.code).toBe('INVALID_CREDENTIAL');
    // Alice's own signature, naming Bob's account as its user.
    const renamed = await passkeyLogin(
      alice,
      { userHandle: Buffer.from(bob.userId).toString('base64url') },
      client,
    );
    expect(renamed.status).toBe(401);
    expect(renamed.body.code).toBe('INVALID_CREDENTIAL');
    // Her signature without a user handle is hers.
    expect((await passkeyLogin(alice, { userHandle: null }, client)).status).toBe(200);
  });

  it("refuses another site's origin or relying party, and a user not verified", async () => {
    const owner = await withPasskey('phished');
    const client = visitor();
    for (const forgery of [
      { origin: 'https://accounts.example.evil' },
      { origin: 'http://localhost:8081' },
      { rpId: 'example.evil' },
      { unverified: true },
    ] satisfies Forgery[]) {
      const answer = await passkeyLogin(owner, forgery, client);
      expect([forgery, answer.status, answer.body.code]).toEqual([
        forgery,
        401,
        'INVALID_CREDENTIAL',
      ]);
    }
    for (const forgery of [
      { origin: 'https://accounts.example.evil' },
      { rpId: 'example.evil' },
      { unverified: true },
    ] satisfies Forgery[]) {
      const response = new SoftAuthenticator(ORIGIN).register(
        await creationOptions(owner.token),
        forgery,
      );
      const answer = await api.post(
        API_PATHS.addPasskey,
        { response, name: 'Phished' },
        bearer(owner.token),
      );
      expect([forgery, answer.status, answer.body.code]).toEqual([
        forgery,
        401,
        'INVALID_CREDENTIAL',
      ]);
    }
    expect(await passkeyRows(owner.userId)).toHaveLength(1);
    expect((await passkeyLogin(owner, {}, client)).status).toBe(200);
  });

  it('refuses a malformed answer: VALIDATION for what the server reads, INVALID_CREDENTIAL for the rest', async () => {
    const owner = await withPasskey('malformed');
    const client = visitor();
    const noClientData = await api.post(
      API_PATHS.addPasskey,
      { response: { id: 'AAAA', response: {} }, name: 'Broken' },
      bearer(owner.token),
    );
    expect(noClientData.status).toBe(400);
    expect(noClientData.body.fields).toEqual({ response: 'REQUIRED' });

    const made = new SoftAuthenticator(ORIGIN).register(await creationOptions(owner.token));
    const garbled = await api.post(
      API_PATHS.addPasskey,
      {
        response: { ...made, response: { ...made.response, attestationObject: 'AAAA' } },
        name: 'X',
      },
      bearer(owner.token),
    );
    expect(garbled.status).toBe(401);
    expect(garbled.body.code).toBe('INVALID_CREDENTIAL');

    const forgeries: ((signed: Record<string, unknown>) => unknown)[] = [
      (signed) => ({ ...signed, rawId: 'AAAA' }),
      (signed) => ({ ...signed, type: 'password' }),
      (signed) => ({
        ...signed,
        response: { ...(signed.response as object), signature: undefined },
      }),
      (signed) => ({ ...signed, response: { ...(signed.response as object), userHandle: 7 } }),
    ];
    for (const forge of forgeries) {
      const options = await requestOptions(client);
      const signed = owner.authenticator.sign(options, owner.credentialId);
      const answer = await client.post(API_PATHS.passkeyLogin, {
        response: forge(signed as unknown as Record<string, unknown>),
      });
      expect([String(forge), answer.status, answer.body.code]).toEqual([
        String(forge),
        401,
        'INVALID_CREDENTIAL',
      ]);
    }
    expect(await passkeyRows(owner.userId)).toHaveLength(1);
  });

  it('refuses a signature counter that goes back or stays, once it is not zero', async () => {
    const owner = await withPasskey('cloned');
    const client = visitor();
    expect((await passkeyLogin(owner, { counter: 7 }, client)).status).toBe(200);
    const [row] = await passkeyRows(owner.userId);
    expect(row?.counter).toBe(7);
    for (const counter of [3, 7, 0]) {
      const answer = await passkeyLogin(owner, { counter }, client);
      expect([counter, answer.status, answer.body.code]).toEqual([
        counter,
        401,
        'INVALID_CREDENTIAL',
      ]);
    }
    expect((await passkeyLogin(owner, { counter: 8 }, client)).status).toBe(200);
  });

  it('accepts a counter that stays at zero (an authenticator that keeps none)', async () => {
    const owner = await withPasskey('zero');
    const client = visitor();
    expect((await passkeyLogin(owner, { counter: 0 }, client)).status).toBe(200);
    expect((await passkeyLogin(owner, { counter: 0 }, client)).status).toBe(200);
  });

  it("refuses creation options answered from another session, the same account's or another's", async () => {
    const owner = await signedUp('bound');
    const other = await signedUp('other');
    const secondSession = await api.post(API_PATHS.login, {
      email: owner.email,
      password: PASSWORD,
    });
    expect(secondSession.status).toBe(200);
    // Confirmed too, so that only the options' session refuses it.
    await confirmSession(api, secondSession.body.token as string, PASSWORD);
    const authenticator = new SoftAuthenticator(ORIGIN);
    const response = authenticator.register(await creationOptions(owner.token));
    for (const token of [secondSession.body.token as string, other.token]) {
      const answer = await api.post(
        API_PATHS.addPasskey,
        { response, name: 'Elsewhere' },
        bearer(token),
      );
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe('INVALID_CREDENTIAL');
    }
    expect(await passkeyRows(owner.userId)).toEqual([]);
    expect(await passkeyRows(other.userId)).toEqual([]);
    // Its own session may still use it, once.
    const own = await api.post(
      API_PATHS.addPasskey,
      { response, name: 'Mine' },
      bearer(owner.token),
    );
    expect(own.status).toBe(201);
    const twice = await api.post(
      API_PATHS.addPasskey,
      { response, name: 'Mine again' },
      bearer(owner.token),
    );
    expect(twice.status).toBe(401);
    expect(await passkeyRows(owner.userId)).toHaveLength(1);
  });

  it('refuses a credential registered to another account', async () => {
    const alice = await withPasskey('first-owner');
    const mallory = await signedUp('second-owner');
    const response = alice.authenticator.register(await creationOptions(mallory.token), {
      credentialId: alice.credentialId,
    });
    const taken = await api.post(
      API_PATHS.addPasskey,
      { response, name: 'Not mine' },
      bearer(mallory.token),
    );
    expect(taken.status).toBe(401);
    expect(taken.body.code).toBe('INVALID_CREDENTIAL');
    expect(await passkeyRows(mallory.userId)).toEqual([]);
    const rows = await app.db
      .selectFrom('passkeys')
      .select('user_id')
      .where('credential_id', '=', alice.credentialId)
      .execute();
    expect(rows).toEqual([{ user_id: alice.userId }]);
  });

  it(`keeps ${PASSKEYS_MAX} passkeys an account at most, also when its last places are taken at once`, async () => {
    const { userId, token } = await signedUp('full');
    // All places but two, as rows: the ceremonies that matter are the last ones.
    await app.db
      .insertInto('passkeys')
      .values(
        Array.from({ length: PASSKEYS_MAX - 2 }, (_, i) => ({
          id: `held-${userId}-${i}`,
          user_id: userId,
          credential_id: `held-credential-${userId}-${i}`,
          public_key: 'not-a-key',
          counter: 0,
          transports: '[]',
          name: `Held ${i}`,
          device_type: 'singleDevice',
          backed_up: 0,
          created_at: clock.nowSeconds(),
          last_used_at: null,
        })),
      )
      .execute();
    // Four new passkeys, each from its own options, sent together for the last two places.
    const responses = [];
    for (let i = 0; i < 4; i++) {
      responses.push(new SoftAuthenticator(ORIGIN).register(await creationOptions(token)));
    }
    const answers = await Promise.all(
      responses.map((response, i) =>
        api.post(API_PATHS.addPasskey, { response, name: `New ${i}` }, bearer(token)),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 409, 409]);
    expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.body)).toEqual([
      { error: true, code: 'PASSKEY_LIMIT', message: expect.stringContaining(`${PASSKEYS_MAX}`) },
      { error: true, code: 'PASSKEY_LIMIT', message: expect.stringContaining(`${PASSKEYS_MAX}`) },
    ]);
    expect(await passkeyRows(userId)).toHaveLength(PASSKEYS_MAX);

    // Full, the account is refused before a ceremony begins, and no challenge is stored for it.
    const challenges = () =>
      app.db
        .selectFrom('passkey_challenges')
        .select('challenge_hash')
        .where('user_id', '=', userId)
        .execute();
    const before = (await challenges()).length;
    const refused = await api.post(API_PATHS.passkeyRegistrationOptions, undefined, bearer(token));
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('PASSKEY_LIMIT');
    expect(await challenges()).toHaveLength(before);

    // One removed (with the password), one place is free again.
    const removed = await api.request('DELETE', passkeyPath(`held-${userId}-0`), {
      body: { password: PASSWORD },
      headers: bearer(token),
    });
    expect(removed.status).toBe(200);
    const response = new SoftAuthenticator(ORIGIN).register(await creationOptions(token));
    const added = await api.post(API_PATHS.addPasskey, { response, name: 'After' }, bearer(token));
    expect(added.status).toBe(201);
    expect(await passkeyRows(userId)).toHaveLength(PASSKEYS_MAX);
  });

  it("renames one of the user's passkeys, and no one else's", async () => {
    const owner = await withPasskey('rename');
    const other = await signedUp('rename-other');
    const renamed = await api.request('PATCH', passkeyPath(owner.passkeyId), {
      body: { name: ' Phone ' },
      headers: bearer(owner.token),
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({
      error: false,
      passkey: expect.objectContaining({ id: owner.passkeyId, name: 'Phone' }),
    });
    const empty = await api.request('PATCH', passkeyPath(owner.passkeyId), {
      body: { name: '   ' },
      headers: bearer(owner.token),
    });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual({ name: 'REQUIRED' });
    const foreign = await api.request('PATCH', passkeyPath(owner.passkeyId), {
      body: { name: 'Stolen' },
      headers: bearer(other.token),
    });
    expect(foreign.status).toBe(404);
    const [row] = await passkeyRows(owner.userId);
    expect(row?.name).toBe('Phone');
  });

  it('removes a passkey only with the password, mails a notice, and it signs in no more', async () => {
    const owner = await withPasskey('remove');
    await api.waitForMail(owner.email, 2);
    const other = await signedUp('remove-other');
    const wrong = await api.request('DELETE', passkeyPath(owner.passkeyId), {
      body: { password: 'not the password' },
      headers: bearer(owner.token),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ password: 'INCORRECT' });
    const foreign = await api.request('DELETE', passkeyPath(owner.passkeyId), {
      body: { password: PASSWORD },
      headers: bearer(other.token),
    });
    expect(foreign.status).toBe(404);
    expect(await passkeyRows(owner.userId)).toHaveLength(1);
    // No notice for a removal refused: none waits to be sent, and none was.
    const queued = await app.db
      .selectFrom('mail_queue')
      .select('id')
      .where('payload', 'like', `%${owner.email}%`)
      .execute();
    expect(queued).toEqual([]);
    expect(await api.mailsTo(owner.email)).toHaveLength(2);

    const removed = await api.request('DELETE', passkeyPath(owner.passkeyId), {
      body: { password: PASSWORD },
      headers: bearer(owner.token),
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ error: false });
    const notice = await api.waitForMail(owner.email, 3);
    expect(notice.subject).toBe('A passkey was removed from your account');
    expect(notice.text).toContain('“Laptop”');
    expect(await passkeyRows(owner.userId)).toEqual([]);
    expect((await api.get(API_PATHS.passkeys, bearer(owner.token))).body.passkeys).toEqual([]);
    // Removed: the server says it knows no such passkey, so the app can tell the browser.
    const after = await passkeyLogin(owner, {}, visitor());
    expect([after.status, after.body.code]).toEqual([404, 'UNKNOWN_CREDENTIAL']);
    const again = await api.request('DELETE', passkeyPath(owner.passkeyId), {
      body: { password: PASSWORD },
      headers: bearer(owner.token),
    });
    expect(again.status).toBe(404);
  });

  it('deletes the passkeys and challenges with the account', async () => {
    const owner = await withPasskey('deleted');
    await creationOptions(owner.token);
    expect(
      (await api.post(API_PATHS.deleteAccount, { password: PASSWORD }, bearer(owner.token))).status,
    ).toBe(200);
    expect(await passkeyRows(owner.userId)).toEqual([]);
    const challenges = await app.db
      .selectFrom('passkey_challenges')
      .selectAll()
      .where('user_id', '=', owner.userId)
      .execute();
    expect(challenges).toEqual([]);
    // A deleted account's passkey: unknown, as the app tells the browser (the Signal API).
    const after = await passkeyLogin(owner, {}, visitor());
    expect([after.status, after.body.code]).toEqual([404, 'UNKNOWN_CREDENTIAL']);
  });

  it(`checks no more than ${PER_ADDRESS} of 50 parallel bad signatures from one address, and a good one gives its try back`, async () => {
    const owner = await withPasskey('burst');
    const client = visitor();
    expect((await passkeyLogin(owner, {}, client)).status).toBe(200);
    const options = await Promise.all(Array.from({ length: 50 }, () => requestOptions(client)));
    const before = await app.db
      .selectFrom('passkey_challenges')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const answers = await Promise.all(
      options.map((each) =>
        client.post(API_PATHS.passkeyLogin, {
          response: owner.authenticator.sign(each, owner.credentialId, {
            origin: 'https://phish.example',
          }),
        }),
      ),
    );
    expect(tally(answers)).toEqual({ 401: PER_ADDRESS, 429: 50 - PER_ADDRESS });
    for (const answer of answers.filter((a) => a.status === 429)) {
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // The refused ones were not checked: their challenges are still there.
    const after = await app.db
      .selectFrom('passkey_challenges')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(before.n) - Number(after.n)).toBe(PER_ADDRESS);
    // The address is spent, even for a good signature.
    expect((await passkeyLogin(owner, {}, client)).status).toBe(429);
  });

  it('limits the options an address asks for, and records their refusals only', async () => {
    const owner = await signedUp('options');
    const client = visitor();
    for (let i = 0; i < OPTIONS_PER_ADDRESS; i += 1) await requestOptions(client);
    const refused = await client.post(API_PATHS.passkeyLoginOptions);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The registration's options share the address's count; a bad token is refused first.
    const spent = await client.post(
      API_PATHS.passkeyRegistrationOptions,
      undefined,
      bearer(owner.token),
    );
    expect(spent.status).toBe(429);
    const noSession = await api.post(
      API_PATHS.passkeyRegistrationOptions,
      undefined,
      bearer('not-a-session'),
    );
    expect(noSession.status).toBe(401);
    await app.authEvents.flush();
    const recorded = await app.db
      .selectFrom('auth_events')
      .select(['event', 'outcome', 'status', 'code', 'limit_name', 'user_id'])
      .where('event', 'in', ['passkeyLoginOptions', 'passkeyRegistrationOptions'])
      .where('status', '=', 429)
      .execute();
    expect(recorded).toEqual(
      expect.arrayContaining([
        {
          event: 'passkeyLoginOptions',
          outcome: 'refused',
          status: 429,
          code: 'RATE_LIMITED',
          limit_name: 'passkey-options-address',
          user_id: null,
        },
        {
          event: 'passkeyRegistrationOptions',
          outcome: 'refused',
          status: 429,
          code: 'RATE_LIMITED',
          limit_name: 'passkey-options-address',
          user_id: owner.userId,
        },
      ]),
    );
    const granted = await app.db
      .selectFrom('auth_events')
      .select('id')
      .where('event', 'in', ['passkeyLoginOptions', 'passkeyRegistrationOptions'])
      .where('status', '=', 200)
      .execute();
    expect(granted).toEqual([]);
  });

  it('records each sign-in and new passkey with its account, session and refusal', async () => {
    const owner = await withPasskey('recorded');
    const client = visitor();
    // The test's clock stands still: each step at a second of its own, to tell their rows apart.
    nowMs += 1000;
    const signedIn = await passkeyLogin(owner, {}, client);
    expect(signedIn.status).toBe(200);
    nowMs += 1000;
    const refusedAt = nowMs;
    expect((await passkeyLogin(owner, { counter: 0 }, client)).status).toBe(401);
    const columns = ['event', 'outcome', 'status', 'code', 'limit_name', 'session_id'] as const;
    const accepted = await app.db
      .selectFrom('auth_events')
      .select(columns)
      .where('user_id', '=', owner.userId)
      .orderBy('time')
      .execute();
    const sessions = await api.get(API_PATHS.sessions, bearer(signedIn.body.token));
    const current = (sessions.body.sessions as { id: string; current: boolean }[]).find(
      (session) => session.current,
    );
    expect(accepted.filter((row) => /passkey/i.test(row.event))).toEqual([
      expect.objectContaining({ event: 'addPasskey', outcome: 'accepted', status: 201 }),
      expect.objectContaining({
        event: 'passkeyLogin',
        outcome: 'accepted',
        status: 200,
        session_id: current?.id,
      }),
    ]);
    const refused = await app.db
      .selectFrom('auth_events')
      .select([...columns, 'user_id'])
      .where('event', '=', 'passkeyLogin')
      .where('time', '=', refusedAt)
      .execute();
    expect(refused).toEqual([
      {
        event: 'passkeyLogin',
        outcome: 'refused',
        status: 401,
        code: 'INVALID_CREDENTIAL',
        limit_name: 'login-address',
        session_id: null,
        user_id: null,
      },
    ]);
  });

  it('sweeps the challenges past their five minutes', async () => {
    const client = visitor();
    await requestOptions(client);
    const counts = await sweep(app.db, {
      now: clock.nowSeconds() + 5 * 60 + 1,
      graceSeconds: 0,
      batch: 100,
    });
    expect(counts.passkeyChallenges).toBeGreaterThan(0);
    const left = await app.db
      .selectFrom('passkey_challenges')
      .selectAll()
      .where('expires_at', '<', clock.nowSeconds() + 5 * 60 + 1)
      .execute();
    expect(left).toEqual([]);
  });
});
