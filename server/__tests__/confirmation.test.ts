// Confirming it is you (GitHub's sudo mode): a session may add or remove a passkey, turn the
// second factor on or off, renew recovery codes, change the email or the password, or delete the
// account only within ten minutes of a confirmation (the password, the second factor's code when
// it is on, or a passkey), or with the password (and the code) in that request's own body. The
// attack first: a stolen bearer token alone never adds a passkey. On both engines, with a clock
// the tests move on.
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';

import { API_PATHS } from '../../contract/api';
import {
  activatedSession,
  bearer,
  secondFactorTurnedOn,
  uniqueEmail,
} from '../../testing/server/abuse/accounts';
import { SoftAuthenticator } from '../../testing/server/authenticator';
import { ApiClient } from '../../testing/server/client';
import { ENGINES, type Engine } from '../../testing/server/engines';
import { injectedApp, type InjectedApp } from '../../testing/server/injectedApp';
import type { Clock } from '../plugins/resources';

const PASSWORD = 'a confirming passphrase';
const ORIGIN = 'http://localhost:8080';
const TEN_MINUTES = 600;

describe.each(ENGINES)('confirming it is you on %s', (_name, engine: Engine) => {
  let running: InjectedApp | undefined;
  let app: FastifyInstance;
  let api: ApiClient;
  let nowMs = Date.now();
  const clock: Clock = { nowSeconds: () => Math.floor(nowMs / 1000), nowMs: () => nowMs };
  const nextStep = () => (nowMs += 30_000);
  const codeOf = (secret: string) =>
    TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: nowMs });

  beforeAll(async () => {
    running = await injectedApp(
      engine,
      {
        PUBLIC_URL: ORIGIN,
        CODE_GUESSES_PER_ADDRESS_MAX: '1000',
        PASSWORD_HASH_QUEUE: '1000',
        RATE_LIMIT_SIGNUP_MAX: '1000',
      },
      { clock },
    );
    ({ app, api } = running);
  });

  afterAll(() => running?.stop());

  async function signedUp(label: string) {
    const email = uniqueEmail(label);
    return { email, ...(await activatedSession(api, email, PASSWORD)) };
  }

  const confirm = (token: string, body: object) => api.post(API_PATHS.confirm, body, bearer(token));

  /** An account with the second factor on (set up with the password in the body). */
  async function withSecondFactor(label: string) {
    const account = await signedUp(label);
    const factor = await secondFactorTurnedOn(api, account.token, codeOf, PASSWORD);
    nextStep();
    return { ...account, ...factor };
  }

  /** A second session of the account, as a thief holding its bearer token has. */
  async function secondSession(email: string, secret?: string) {
    const login = await api.post(API_PATHS.login, { email, password: PASSWORD });
    expect(login.status).toBe(200);
    if (!secret) return login.body.token as string;
    const step = await api.post(API_PATHS.loginSecondFactor, {
      ticket: login.body.secondFactor.ticket,
      code: codeOf(secret),
    });
    nextStep();
    expect(step.status).toBe(200);
    return step.body.token as string;
  }

  const passkeyCount = async (userId: string) =>
    (await app.db.selectFrom('passkeys').select('id').where('user_id', '=', userId).execute())
      .length;

  it('a stolen bearer token alone adds no passkey, with or without two-step sign-in', async () => {
    for (const account of [await signedUp('thief-plain'), await withSecondFactor('thief-totp')]) {
      const stolen = bearer(account.token);
      const options = await api.post(API_PATHS.passkeyRegistrationOptions, undefined, stolen);
      expect(options.status).toBe(403);
      expect(options.body).toMatchObject({ error: true, code: 'CONFIRMATION_REQUIRED' });
      expect(options.body.options).toBeUndefined();
      // Nor with a ceremony answered to options of its own making.
      const authenticator = new SoftAuthenticator(ORIGIN);
      const response = authenticator.register({
        challenge: 'Zm9yZ2VkLWNoYWxsZW5nZS1vZi10aGUtdGhpZWY',
        rp: { id: 'localhost', name: 'Accounts' },
        user: { id: 'dGhpZWY', name: account.email, displayName: 'Thief' },
        pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
      });
      const added = await api.post(API_PATHS.addPasskey, { response, name: 'Mine now' }, stolen);
      expect(added.status).toBe(403);
      expect(added.body.code).toBe('CONFIRMATION_REQUIRED');
      expect(await passkeyCount(account.userId)).toBe(0);
    }
  });

  it('a stolen bearer token alone changes nothing that needs a confirmation', async () => {
    const { token, secret } = await withSecondFactor('thief-everything');
    const stolen = bearer(token);
    const refusals = [
      await api.post(API_PATHS.changePassword, { newPassword: 'a thief chose this' }, stolen),
      await api.post(API_PATHS.changeEmail, { newEmail: 'thief@example.com' }, stolen),
      await api.post(API_PATHS.deleteAccount, {}, stolen),
      await api.post(API_PATHS.disableSecondFactor, {}, stolen),
      await api.post(API_PATHS.renewRecoveryCodes, {}, stolen),
      // The password alone is not enough where the second factor is on.
      await api.post(
        API_PATHS.changePassword,
        { currentPassword: PASSWORD, newPassword: 'a thief chose this' },
        stolen,
      ),
      await api.post(API_PATHS.deleteAccount, { password: PASSWORD }, stolen),
    ];
    for (const answer of refusals) {
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe('CONFIRMATION_REQUIRED');
    }
    // Still on, still the owner's.
    expect((await api.get(API_PATHS.secondFactor, stolen)).body.enabled).toBe(true);
    // With the code beside the password, the same request goes through.
    const withCode = await api.post(
      API_PATHS.renewRecoveryCodes,
      { password: PASSWORD, code: codeOf(secret) },
      stolen,
    );
    expect(withCode.status).toBe(200);
  });

  it('the password confirms a session for ten minutes: a passkey is added, then refused again', async () => {
    const { token, userId } = await signedUp('confirmed');
    expect((await api.get(API_PATHS.confirmation, bearer(token))).body).toEqual({
      error: false,
      until: null,
    });
    const wrong = await confirm(token, { password: 'not the password at all' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ password: 'INCORRECT' });

    const confirmed = await confirm(token, { password: PASSWORD });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ error: false, until: clock.nowSeconds() + TEN_MINUTES });
    expect((await api.get(API_PATHS.confirmation, bearer(token))).body.until).toBe(
      confirmed.body.until,
    );

    const authenticator = new SoftAuthenticator(ORIGIN);
    const options = await api.post(API_PATHS.passkeyRegistrationOptions, undefined, bearer(token));
    expect(options.status).toBe(200);
    const response = authenticator.register(options.body.options);
    const added = await api.post(API_PATHS.addPasskey, { response, name: 'Phone' }, bearer(token));
    expect(added.status).toBe(201);
    expect(await passkeyCount(userId)).toBe(1);

    nowMs += TEN_MINUTES * 1000;
    const late = await api.post(API_PATHS.passkeyRegistrationOptions, undefined, bearer(token));
    expect(late.status).toBe(403);
    expect(late.body.code).toBe('CONFIRMATION_REQUIRED');
    expect((await api.get(API_PATHS.confirmation, bearer(token))).body.until).toBeNull();
  });

  it('confirms that one session: another session of the account is not confirmed', async () => {
    const { email, token } = await signedUp('one-session');
    const other = await secondSession(email);
    expect((await confirm(token, { password: PASSWORD })).status).toBe(200);
    const options = await api.post(API_PATHS.passkeyRegistrationOptions, undefined, bearer(other));
    expect(options.status).toBe(403);
    const mine = await api.post(API_PATHS.passkeyRegistrationOptions, undefined, bearer(token));
    expect(mine.status).toBe(200);
  });

  it('with two-step sign-in on, asks for the code too, and takes a recovery code', async () => {
    const { token, secret, recoveryCodes } = await withSecondFactor('confirm-totp');
    const passwordOnly = await confirm(token, { password: PASSWORD });
    expect(passwordOnly.status).toBe(400);
    expect(passwordOnly.body.fields).toEqual({ code: 'REQUIRED' });
    const wrongCode = await confirm(token, { password: PASSWORD, code: '000000' });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.code).toBe('INVALID_CODE');
    expect((await confirm(token, { password: PASSWORD, code: codeOf(secret) })).status).toBe(200);
    // A code is accepted once: the same one again is refused.
    expect((await confirm(token, { password: PASSWORD, code: codeOf(secret) })).status).toBe(400);
    const withRecovery = await confirm(token, { password: PASSWORD, code: recoveryCodes[0] });
    expect(withRecovery.status).toBe(200);
    expect((await confirm(token, { password: PASSWORD, code: recoveryCodes[0] })).status).toBe(400);
  });

  it('a passkey of the account confirms, one of another account does not', async () => {
    const owner = await signedUp('confirm-passkey');
    const stranger = await signedUp('confirm-stranger');
    const authenticators = new Map<string, SoftAuthenticator>();
    for (const account of [owner, stranger]) {
      expect((await confirm(account.token, { password: PASSWORD })).status).toBe(200);
      const authenticator = new SoftAuthenticator(ORIGIN);
      const options = await api.post(
        API_PATHS.passkeyRegistrationOptions,
        undefined,
        bearer(account.token),
      );
      const response = authenticator.register(options.body.options);
      const added = await api.post(
        API_PATHS.addPasskey,
        { response, name: 'Key' },
        bearer(account.token),
      );
      expect(added.status).toBe(201);
      authenticators.set(account.userId, authenticator);
    }
    nowMs += TEN_MINUTES * 1000;

    const asked = await api.post(API_PATHS.confirmOptions, undefined, bearer(owner.token));
    expect(asked.status).toBe(200);
    const options = asked.body.options as PublicKeyCredentialRequestOptionsJSON;
    expect(options.allowCredentials).toHaveLength(1);
    const strangers = authenticators.get(stranger.userId)!;
    const [strangerCredential] = strangers.credentialIds();
    const foreign = await confirm(owner.token, {
      passkeyResponse: strangers.sign(options, strangerCredential!),
    });
    expect(foreign.status).toBe(401);
    expect(foreign.body.code).toBe('INVALID_CREDENTIAL');

    const again = await api.post(API_PATHS.confirmOptions, undefined, bearer(owner.token));
    const mine = authenticators.get(owner.userId)!;
    const [credential] = mine.credentialIds();
    const confirmed = await confirm(owner.token, {
      passkeyResponse: mine.sign(again.body.options, credential!),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.until).toBe(clock.nowSeconds() + TEN_MINUTES);
    // Options of one session confirm no other.
    const theirs = await api.post(API_PATHS.confirmOptions, undefined, bearer(owner.token));
    const other = await secondSession(owner.email);
    const crossed = await confirm(other, {
      passkeyResponse: mine.sign(theirs.body.options, credential!),
    });
    expect(crossed.status).toBe(401);
  });

  it('a body with the password (and the code where it is on) confirms its own request, as before', async () => {
    const plain = await signedUp('body-plain');
    const changed = await api.post(
      API_PATHS.changePassword,
      { currentPassword: PASSWORD, newPassword: 'another long passphrase' },
      bearer(plain.token),
    );
    expect(changed.status).toBe(200);
    // It confirmed that request only.
    expect((await api.get(API_PATHS.confirmation, bearer(plain.token))).body.until).toBeNull();

    const guarded = await withSecondFactor('body-totp');
    const deleted = await api.post(
      API_PATHS.deleteAccount,
      { password: PASSWORD, code: codeOf(guarded.secret) },
      bearer(guarded.token),
    );
    expect(deleted.status).toBe(200);
  });

  it('deleting an account with two-step sign-in on asks for the second factor too', async () => {
    const { token, secret, userId } = await withSecondFactor('delete-totp');
    const passwordOnly = await api.post(
      API_PATHS.deleteAccount,
      { password: PASSWORD },
      bearer(token),
    );
    expect(passwordOnly.status).toBe(403);
    expect(passwordOnly.body.code).toBe('CONFIRMATION_REQUIRED');
    expect(
      await app.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst(),
    ).toBeDefined();
    expect((await confirm(token, { password: PASSWORD, code: codeOf(secret) })).status).toBe(200);
    expect((await api.post(API_PATHS.deleteAccount, {}, bearer(token))).status).toBe(200);
  });

  it('a wrong password in a body is refused even within a confirmation', async () => {
    const { token } = await signedUp('wrong-in-body');
    expect((await confirm(token, { password: PASSWORD })).status).toBe(200);
    const answer = await api.post(
      API_PATHS.changePassword,
      { currentPassword: 'not the password at all', newPassword: 'another long passphrase' },
      bearer(token),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual({ currentPassword: 'INCORRECT' });
    const confirmedOnly = await api.post(
      API_PATHS.changePassword,
      { newPassword: 'another long passphrase' },
      bearer(token),
    );
    expect(confirmedOnly.status).toBe(200);
  });

  it('a confirmation ends with its session', async () => {
    const { email, token } = await signedUp('ends-with-session');
    expect((await confirm(token, { password: PASSWORD })).status).toBe(200);
    const other = await secondSession(email);
    expect((await api.post(API_PATHS.revokeOtherSessions, undefined, bearer(other))).status).toBe(
      200,
    );
    const answer = await api.post(API_PATHS.passkeyRegistrationOptions, undefined, bearer(token));
    expect(answer.status).toBe(401);
  });
});
