import fs from 'node:fs';
import path from 'node:path';

import { configTable, ENV, loadConfig, OWASP_ARGON2 } from '../config';

/** Production, with the key production requires. */
const PRODUCTION = { NODE_ENV: 'production', SECRET_KEY: 'ab'.repeat(32) };

describe('loadConfig', () => {
  it('takes the second factor key as 32 bytes, required in production alone', () => {
    expect(loadConfig({ ...PRODUCTION, MAIL_MODE: 'outbox' }).secretKey).toEqual(
      Buffer.alloc(32, 0xab),
    );
    expect(loadConfig({}).secretKey).toBeUndefined();
  });

  it('has defaults that run the whole product with no set-up', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('localhost');
    expect(config.database).toMatchObject({ kind: 'sqlite', file: path.resolve('data', 'app.db') });
    expect(config.mail).toMatchObject({ mode: 'outbox', outboxEndpoint: true });
    expect(config.sessionTtlSeconds).toBe(604800);
    expect(config.passwordHash).toEqual(OWASP_ARGON2);
    expect(config.rateLimits).toEqual({
      signupMax: 20,
      signupWindowSeconds: 600,
      loginFailuresMax: 10,
      loginFailuresWindowSeconds: 900,
      loginFailuresPerAddressMax: 50,
      loginFailuresPerEmailMax: 100,
      loginFailuresPerEmailWindowSeconds: 3600,
      resendWindowSeconds: 60,
      codeGuessesPerTargetMax: 20,
      codeGuessesPerAddressMax: 50,
      codeGuessesPerAddressWindowSeconds: 3600,
      mailPerRecipientHourMax: 5,
      mailPerRecipientDayMax: 20,
      changeEmailMax: 5,
      changeEmailWindowSeconds: 3600,
      resetRequestsPerAddressMax: 20,
      resetRequestsPerAddressWindowSeconds: 3600,
      passkeyFailuresMax: 1000,
      passkeyOptionsPerAddressMax: 300,
      passkeyOptionsWindowSeconds: 900,
      logUploadsMax: 5,
      logUploadsWindowSeconds: 3600,
    });
    expect(config.activationMaxAttempts).toBe(5);
    expect(config.redis).toBeUndefined();
  });

  it('chooses PostgreSQL, Redis and SMTP from their addresses', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u:p@db/app',
      DATABASE_SCHEMA: 'accounts',
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtp://mail:25',
    });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@db/app',
      schema: 'accounts',
    });
    expect(config.redis).toEqual({ url: 'redis://cache:6379', prefix: 'accounts:' });
    expect(config.mail).toMatchObject({ mode: 'smtp', outboxEndpoint: false });
  });

  it('trusts X-Forwarded-For only from the proxies it names', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 192.168.0.0/16,::1,loopback' }).trustProxy).toEqual(
      ['10.0.0.5', '192.168.0.0/16', '::1', 'loopback'],
    );
  });

  it('keeps mail in the outbox in production only when the outbox mode is asked for', () => {
    expect(loadConfig({ ...PRODUCTION, SMTP_URL: 'smtp://127.0.0.1:2525' }).mail).toMatchObject({
      mode: 'smtp',
      outboxEndpoint: false,
    });
    expect(loadConfig({ ...PRODUCTION, MAIL_MODE: 'outbox' }).mail.outboxEndpoint).toBe(true);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ SESSION_TTL_SECONDS: '-5' }, 'SESSION_TTL_SECONDS'],
    [{ RATE_LIMIT_LOGIN_FAILURES_MAX: '0' }, 'RATE_LIMIT_LOGIN_FAILURES_MAX'],
    [{ DATABASE_URL: 'mysql://root:hunter2@db/app' }, 'DATABASE_URL'],
    [{ DATABASE_SCHEMA: 'x; drop table users' }, 'DATABASE_SCHEMA'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ MAIL_MODE: 'pigeon' }, 'MAIL_MODE'],
    [{ MAIL_MODE: 'smtp' }, 'SMTP_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [
      { ...PRODUCTION, PASSWORD_HASH_PROFILE: 'test', MAIL_MODE: 'outbox' },
      'PASSWORD_HASH_PROFILE',
    ],
    [{ ...PRODUCTION, PASSWORD_HASH_PROFILE: 'owasp' }, 'SMTP_URL'],
    [{ NODE_ENV: 'production', MAIL_MODE: 'outbox' }, 'SECRET_KEY'],
    [{ SECRET_KEY: 'hunter2' }, 'SECRET_KEY'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1, proxy.example.com' }, 'TRUST_PROXY'],
  ])('refuses %j with a one-line error naming %s', (env, name) => {
    let message = '';
    try {
      loadConfig(env);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(name);
    expect(message).not.toContain('\n');
    expect(message).not.toContain('hunter2');
  });
});

describe('the configuration table in server/README.md', () => {
  /** The README's rows, cells trimmed (Prettier pads them). */
  function readmeRows(): string[][] {
    const text = fs.readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');
    const section = text.slice(text.indexOf('## Configuration'), text.indexOf('## Layout'));
    return section
      .split('\n')
      .filter((line) => line.startsWith('|'))
      .slice(2)
      .map((line) =>
        line
          .slice(1, -1)
          .split(' | ')
          .map((cell) => cell.trim()),
      );
  }

  it('is the one the environment schema writes (node --import tsx scripts/config-table.ts)', () => {
    expect(readmeRows()).toEqual(configTable());
  });

  it('names every variable the server reads, each with a meaning', () => {
    const named = configTable().flatMap(([variables]) => variables.match(/[A-Z_]+/g) ?? []);
    expect(named).toEqual(Object.keys(ENV.entries));
    expect(configTable().every(([, shown, meaning]) => shown !== '' && meaning !== '')).toBe(true);
  });
});
