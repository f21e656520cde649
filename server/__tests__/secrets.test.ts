// No password, token or code may rest in a file of DATA_DIR or in a log line.
import fs from 'node:fs';
import path from 'node:path';

import { Secret, TOTP } from 'otpauth';

import { API_PATHS } from '../../contract/api';
import { activatedAccount, bearer, confirmSession } from '../../testing/server/abuse/accounts';
import { SoftAuthenticator } from '../../testing/server/authenticator';
import { capturedLog } from '../../testing/server/capturedLog';
import { ApiClient } from '../../testing/server/client';
import { tempDir, testConfig } from '../../testing/server/config';
import { startServer } from '../app';

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** The code is six digits: match it only where it stands alone, not inside a longer number. */
function containsCode(text: string, code: string): boolean {
  return new RegExp(`(?<![0-9A-Za-z])${code}(?![0-9A-Za-z])`).test(text);
}

describe('secrets', () => {
  const password = 'Secret-Passphrase-For-Leak-Check';
  let dataDir: string;
  const log = capturedLog();
  let code = '';
  let linkToken = '';
  const tokens: string[] = [];
  let events = '';

  beforeAll(async () => {
    dataDir = tempDir('secrets');
    const server = await startServer(testConfig(dataDir, { LOG_LEVEL: 'trace' }), {
      logStream: log.stream,
    });
    const api = new ApiClient(server.url);
    const email = 'leak-check@example.com';
    try {
      expect((await api.post(API_PATHS.signup, { name: 'Leak', email, password })).status).toBe(
        201,
      );
      const mail = await api.waitForMail(email, 1);
      code = mail.code ?? '';
      linkToken = /[?&]token=([\w-]+)/.exec(mail.text)?.[1] ?? '';
      const activated = await api.post(API_PATHS.verifyAccount, {
        email,
        code,
        password,
        linkToken,
      });
      tokens.push(activated.body.token);
      const login = await api.post(API_PATHS.login, { email, password });
      tokens.push(login.body.token);
      await api.post(API_PATHS.login, { email, password: `${password}-wrong` });
      await api.get(API_PATHS.verify, { authorization: `Bearer ${login.body.token}` });
      // An activation link puts the code in the query of an app route.
      await api.get(
        `/user/verify-account?email=${encodeURIComponent(email)}&code=${code}&token=${linkToken}`,
      );
      await api.post(API_PATHS.logout, undefined, { authorization: `Bearer ${login.body.token}` });
      events = JSON.stringify(await server.app.db.selectFrom('auth_events').selectAll().execute());
    } finally {
      await server.close();
    }
  });

  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('went through sign-up, activation and login', () => {
    expect(code).toMatch(/^\d{6}$/);
    expect(linkToken.length).toBeGreaterThanOrEqual(22);
    expect(tokens).toHaveLength(2);
    expect(tokens.every((t) => t.length >= 22)).toBe(true);
    expect(log.text()).toContain('request completed');
  });

  it('keeps them out of every log line', () => {
    for (const secret of [password, linkToken, ...tokens]) expect(log.text()).not.toContain(secret);
    expect(containsCode(log.text(), code)).toBe(false);
    expect(log.text()).not.toMatch(/bearer/i);
  });

  it("keeps them, the email and the client address out of the server's record of requests", () => {
    // Sign-up, activation, two logins and the logout: a session check that passed is never one.
    expect(JSON.parse(events)).toHaveLength(5);
    for (const secret of [password, linkToken, ...tokens, 'leak-check', '127.0.0.1']) {
      expect(events).not.toContain(secret);
    }
    expect(containsCode(events, code)).toBe(false);
  });

  it('keeps them out of every file in DATA_DIR; only the mail to the owner carries the code', () => {
    const files = filesUnder(dataDir);
    expect(files.some((f) => f.endsWith('app.db'))).toBe(true);
    const outbox = path.join(dataDir, 'outbox') + path.sep;
    for (const file of files) {
      const content = fs.readFileSync(file).toString('latin1');
      for (const secret of [password, ...tokens]) expect(content).not.toContain(secret);
      expect(containsCode(content, code)).toBe(file.startsWith(outbox));
      expect(content.includes(linkToken)).toBe(file.startsWith(outbox));
    }
  });
});

describe('second factor secrets', () => {
  const password = 'Second-Factor-Passphrase-For-Leak-Check';
  let dataDir: string;
  const log = capturedLog();
  let events = '';
  /** The secret, its URI, the recovery codes, the ticket and the session. */
  const secrets: string[] = [];
  const codes: string[] = [];

  beforeAll(async () => {
    dataDir = tempDir('secrets-totp');
    const server = await startServer(testConfig(dataDir, { LOG_LEVEL: 'trace' }), {
      logStream: log.stream,
    });
    const api = new ApiClient(server.url);
    const email = 'totp-leak-check@example.com';
    const codeAt = (secret: string, atMs: number) => {
      const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: atMs });
      codes.push(code);
      return code;
    };
    try {
      const token = await activatedAccount(api, email, password);
      const auth = bearer(token);
      await confirmSession(api, token, password);
      const started = await api.post(API_PATHS.startSecondFactor, { password }, auth);
      const { secret, otpauthUri } = started.body;
      secrets.push(secret, otpauthUri);
      const confirmed = await api.post(
        API_PATHS.confirmSecondFactor,
        { code: codeAt(secret, Date.now()) },
        auth,
      );
      secrets.push(...confirmed.body.recoveryCodes);
      const pending = (await api.post(API_PATHS.login, { email, password })).body.secondFactor
        .ticket;
      secrets.push(pending);
      // A wrong code, then the next step's code, then the same again (refused).
      const next = codeAt(secret, Date.now() + 30_000);
      const wrong = String((Number(next) + 1) % 1_000_000).padStart(6, '0');
      await api.post(API_PATHS.loginSecondFactor, { ticket: pending, code: wrong });
      const second = await api.post(API_PATHS.loginSecondFactor, {
        ticket: pending,
        code: next,
      });
      expect(second.status).toBe(200);
      secrets.push(second.body.token);
      await api.post(API_PATHS.loginSecondFactor, { ticket: pending, code: next });
      // And with a recovery code.
      const again = (await api.post(API_PATHS.login, { email, password })).body.secondFactor.ticket;
      const recovered = await api.post(API_PATHS.loginSecondFactor, {
        ticket: again,
        recoveryCode: confirmed.body.recoveryCodes[1],
      });
      expect(recovered.status).toBe(200);
      secrets.push(again, recovered.body.token);
      const off = await api.post(
        API_PATHS.disableSecondFactor,
        { password, code: confirmed.body.recoveryCodes[0] },
        auth,
      );
      expect(off.status).toBe(200);
      events = JSON.stringify(await server.app.db.selectFrom('auth_events').selectAll().execute());
    } finally {
      await server.close();
    }
  });

  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('went through setup, logins in two steps and turning off', () => {
    expect(secrets).toHaveLength(2 + 10 + 4);
    expect(codes).toHaveLength(2);
  });

  it('keeps the secret, the codes and the tokens out of every log line and event', () => {
    for (const text of [log.text(), events]) {
      for (const secret of secrets) expect(text).not.toContain(secret);
      for (const code of codes) expect(containsCode(text, code)).toBe(false);
      expect(text).not.toContain(secrets[0]?.toLowerCase());
    }
  });

  it('keeps the secret, the recovery codes and the tokens out of every file in DATA_DIR', () => {
    const files = filesUnder(dataDir);
    expect(files.some((f) => f.endsWith('app.db'))).toBe(true);
    for (const file of files) {
      const content = fs.readFileSync(file).toString('latin1');
      for (const secret of secrets) expect(content).not.toContain(secret);
    }
  });
});

describe('passkey secrets', () => {
  const password = 'Passkey-Passphrase-For-Leak-Check';
  let dataDir: string;
  const log = capturedLog();
  let events = '';
  let eventCount = 0;
  /** The challenges, the ceremonies' signed parts and the sessions' tokens. */
  const secrets: string[] = [];
  /** Credential ids: kept in the database (to find the passkey), never logged or recorded. */
  const credentialIds: string[] = [];

  beforeAll(async () => {
    dataDir = tempDir('secrets-passkey');
    const server = await startServer(testConfig(dataDir, { LOG_LEVEL: 'trace' }), {
      logStream: log.stream,
    });
    const api = new ApiClient(server.url);
    const email = 'passkey-leak-check@example.com';
    // PUBLIC_URL unset: the relying party is localhost, on the port the server listens on.
    const authenticator = new SoftAuthenticator(`http://localhost:${server.port}`);
    try {
      const token = await activatedAccount(api, email, password);
      const auth = bearer(token);
      await confirmSession(api, token, password);
      const creation = (await api.post(API_PATHS.passkeyRegistrationOptions, undefined, auth)).body
        .options;
      const response = authenticator.register(creation);
      secrets.push(creation.challenge, response.response.attestationObject);
      credentialIds.push(response.id);
      const added = await api.post(API_PATHS.addPasskey, { response, name: 'Leaky' }, auth);
      expect(added.status).toBe(201);
      const signIn = async (forgery = {}) => {
        const options = (await api.post(API_PATHS.passkeyLoginOptions)).body.options;
        const signed = authenticator.sign(options, response.id, forgery);
        secrets.push(options.challenge, signed.response.signature, signed.response.clientDataJSON);
        return api.post(API_PATHS.passkeyLogin, { response: signed });
      };
      const signedIn = await signIn();
      expect(signedIn.status).toBe(200);
      secrets.push(signedIn.body.token);
      // A refused one: another origin.
      expect((await signIn({ origin: 'https://phish.example' })).status).toBe(401);
      // Options never answered: their challenge waits in the database (as its hash only).
      secrets.push((await api.post(API_PATHS.passkeyLoginOptions)).body.options.challenge);
      const path = `${API_PATHS.passkeys}/${added.body.passkey.id}`;
      await api.request('PATCH', path, { body: { name: 'Renamed' }, headers: auth });
      await api.request('DELETE', path, { body: { password: `${password}-wrong` }, headers: auth });
      const removed = await api.request('DELETE', path, { body: { password }, headers: auth });
      expect(removed.status).toBe(200);
      const rows = await server.app.db.selectFrom('auth_events').selectAll().execute();
      eventCount = rows.filter((row) => /passkey/i.test(row.event)).length;
      events = JSON.stringify(rows);
    } finally {
      await server.close();
    }
  });

  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('went through adding a passkey, signing in with it, renaming and removing it', () => {
    expect(secrets).toHaveLength(2 + 3 + 1 + 3 + 1);
    expect(credentialIds).toHaveLength(1);
    // Added, signed in, refused, renamed, a wrong password, removed.
    expect(eventCount).toBe(6);
  });

  it('keeps the challenges, signatures, credential ids and tokens out of every log line and event', () => {
    for (const text of [log.text(), events]) {
      for (const secret of [...secrets, ...credentialIds, password]) {
        expect(text).not.toContain(secret);
      }
    }
  });

  it('keeps the challenges, signatures and tokens out of every file in DATA_DIR', () => {
    const files = filesUnder(dataDir);
    expect(files.some((f) => f.endsWith('app.db'))).toBe(true);
    for (const file of files) {
      const content = fs.readFileSync(file).toString('latin1');
      for (const secret of secrets) expect(content).not.toContain(secret);
    }
  });
});
