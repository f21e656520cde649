import fs from 'node:fs';
import path from 'node:path';

import { configList, configTable, ENV, loadConfig, OWASP_ARGON2 } from '../config';

/** Production, with what production requires. */
const PRODUCTION = {
  NODE_ENV: 'production',
  SECRET_KEY: 'ab'.repeat(32),
  MAIL_FROM: 'Accounts <accounts@example.com>',
  PUBLIC_URL: 'https://accounts.example.com',
};

/** The one-line message loadConfig stops with, or '' when it does not. */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('loadConfig', () => {
  it('takes SECRET_KEY as a key ring of one (id 1), required in production alone', () => {
    expect(loadConfig({ ...PRODUCTION, MAIL_MODE: 'outbox' }).secretKeys).toEqual([
      { id: '1', key: Buffer.alloc(32, 0xab) },
    ]);
    expect(loadConfig({}).secretKeys).toBeUndefined();
  });

  it('takes SECRET_KEYS as id:key pairs, the newest first', () => {
    const { SECRET_KEY: _, ...withoutKey } = PRODUCTION;
    const config = loadConfig({
      ...withoutKey,
      MAIL_MODE: 'outbox',
      SECRET_KEYS: ` 2026-b:${'cd'.repeat(32)} , 2025-a:${'AB'.repeat(32)}`,
    });
    expect(config.secretKeys).toEqual([
      { id: '2026-b', key: Buffer.alloc(32, 0xcd) },
      { id: '2025-a', key: Buffer.alloc(32, 0xab) },
    ]);
  });

  it.each([
    [`a:${'ab'.repeat(32)},a:${'cd'.repeat(32)}`, 'twice'],
    [`db:${'ab'.repeat(32)}`, 'db'],
    [`${'ab'.repeat(32)}`, 'id:key'],
    [`a b:${'ab'.repeat(32)}`, 'id:key'],
    ['a:hunter2', 'id:key'],
  ])('refuses SECRET_KEYS=%s, saying why (%s) and never echoing a key', (keys, why) => {
    const message = refusal({ SECRET_KEYS: keys });
    expect(message).toContain('SECRET_KEYS');
    expect(message).toContain(why);
    expect(message).not.toMatch(/hunter2|abab|cdcd/i);
  });

  it('refuses SECRET_KEY and SECRET_KEYS together', () => {
    expect(refusal({ SECRET_KEY: 'ab'.repeat(32), SECRET_KEYS: `2:${'cd'.repeat(32)}` })).toMatch(
      /SECRET_KEYS.*SECRET_KEY|SECRET_KEY.*SECRET_KEYS/,
    );
  });

  it('requires MAIL_FROM and PUBLIC_URL in production, naming both in one line', () => {
    const { MAIL_FROM: _, PUBLIC_URL: __, ...bare } = PRODUCTION;
    const message = refusal({ ...bare, SMTP_URL: 'smtp://mail.example:587' });
    expect(message).toMatch(/MAIL_FROM/);
    expect(message).toMatch(/PUBLIC_URL/);
    expect(message).not.toContain('\n');
    expect(refusal({ ...bare, PUBLIC_URL: PRODUCTION.PUBLIC_URL, MAIL_MODE: 'outbox' })).toMatch(
      /^[^\n]*MAIL_FROM[^\n]*$/,
    );
    expect(refusal({ ...bare, MAIL_FROM: PRODUCTION.MAIL_FROM, MAIL_MODE: 'outbox' })).toMatch(
      /^[^\n]*PUBLIC_URL[^\n]*$/,
    );
    // Outside production the defaults stand: mail from no-reply@localhost, links to this machine.
    expect(loadConfig({}).mail.from).toBe('"Accounts" <no-reply@localhost>');
  });

  it.each([
    ['http://accounts.example.com', false],
    ['http://192.168.1.20:8080', false],
    ['https://accounts.example.com', true],
    ['http://localhost:8080', true],
    ['http://127.0.0.1:8080', true],
    ['http://[::1]:8080', true],
  ])('in production takes PUBLIC_URL=%s: %s (https, unless this machine)', (url, taken) => {
    const message = refusal({ ...PRODUCTION, PUBLIC_URL: url, MAIL_MODE: 'outbox' });
    if (taken) expect(message).toBe('');
    else expect(message).toMatch(/^Invalid PUBLIC_URL: .*https/);
  });

  it('listens on every interface in production by default, on this machine otherwise', () => {
    expect(loadConfig({ ...PRODUCTION, MAIL_MODE: 'outbox' }).host).toBe('0.0.0.0');
    expect(loadConfig({ ...PRODUCTION, MAIL_MODE: 'outbox', HOST: '10.0.0.5' }).host).toBe(
      '10.0.0.5',
    );
    expect(loadConfig({}).host).toBe('localhost');
  });

  it('sizes the PostgreSQL pool, and migrates at start unless told not to', () => {
    const postgres = { DATABASE_URL: 'postgres://u:p@db/app' };
    expect(loadConfig(postgres).database).toMatchObject({ kind: 'postgres', poolSize: 10 });
    expect(loadConfig({ ...postgres, DATABASE_POOL_SIZE: '40' }).database).toMatchObject({
      poolSize: 40,
    });
    expect(loadConfig({}).migrateOnStart).toBe(true);
    expect(loadConfig({ MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false);
    expect(loadConfig({ MIGRATE_ON_START: 'true' }).migrateOnStart).toBe(true);
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
      poolSize: 10,
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
    [{ ...PRODUCTION, SECRET_KEY: undefined, MAIL_MODE: 'outbox' }, 'SECRET_KEY'],
    [{ SECRET_KEY: 'hunter2' }, 'SECRET_KEY'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE'],
    [{ MIGRATE_ON_START: 'no' }, 'MIGRATE_ON_START'],
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

describe('the configuration list in server/README.md', () => {
  /** The README's lines of the list, one per variable (or pair). */
  function readmeLines(): string[] {
    const text = fs.readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');
    const section = text.slice(text.indexOf('## Configuration'), text.indexOf('## Layout'));
    return section.split('\n').filter((line) => line.startsWith('- `'));
  }

  it('is the one the environment schema writes (node --import tsx scripts/config-table.ts)', () => {
    expect(readmeLines()).toEqual(configList());
  });

  it('names every variable the server reads, each with a meaning', () => {
    const named = configTable().flatMap(([variables]) => variables.match(/[A-Z_]+/g) ?? []);
    expect(named).toEqual(Object.keys(ENV.entries));
    expect(configTable().every(([, shown, meaning]) => shown !== '' && meaning !== '')).toBe(true);
  });
});
