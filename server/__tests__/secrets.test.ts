// No password, token or code may rest in a file of DATA_DIR or in a log line.
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';

import { API_PATHS } from '../../contract/api';
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
  let logs = '';
  let code = '';
  let linkToken = '';
  const tokens: string[] = [];
  let events = '';

  beforeAll(async () => {
    dataDir = tempDir('secrets');
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logs += chunk.toString();
        done();
      },
    });
    const server = await startServer(testConfig(dataDir, { LOG_LEVEL: 'trace' }), { logStream });
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
    expect(logs).toContain('request completed');
  });

  it('keeps them out of every log line', () => {
    for (const secret of [password, linkToken, ...tokens]) expect(logs).not.toContain(secret);
    expect(containsCode(logs, code)).toBe(false);
    expect(logs).not.toMatch(/bearer/i);
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
