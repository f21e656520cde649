// What an operator runs beside the servers: migrations as a step of their own (`migrate`,
// `--dry-run`, MIGRATE_ON_START=false), an online SQLite backup restored into a fresh data
// directory (and PostgreSQL's pg_dump and pg_restore, as the README says), and the key ring's
// rotation. The accounts that sign in afterwards use every way in: a password, an authenticator's
// code after it, a recovery code, a passkey.
import { spawn, spawnSync } from 'node:child_process';
import { createCipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Secret, TOTP } from 'otpauth';

import { API_PATHS } from '../../contract/api';
import { REPO_ROOT } from '../../testing/processes';
import {
  activatedSession,
  bearer,
  confirmSession,
  uniqueEmail,
} from '../../testing/server/abuse/accounts';
import { SoftAuthenticator } from '../../testing/server/authenticator';
import { ApiClient } from '../../testing/server/client';
import { tempDir, testConfig, testEnv } from '../../testing/server/config';
import { ENGINES, type Engine } from '../../testing/server/engines';
import { dropTestSchema, POSTGRES_URL } from '../../testing/server/postgres';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/connect';
import { MIGRATION_NAMES, undoLastMigration } from '../db/migrate';
import { runCommand } from '../maintenance/commands';
import type { Clock } from '../plugins/resources';

const PASSWORD = 'an operator passphrase';
const ORIGIN = 'http://localhost:8080';
const KEY_1 = '11'.repeat(32);
const KEY_2 = '22'.repeat(32);
const KEY_3 = '33'.repeat(32);

let nowMs = Date.now();
/** The servers' time: each authenticator's code is taken at a step of its own. */
const clock: Clock = { nowSeconds: () => Math.floor(nowMs / 1000), nowMs: () => nowMs };
const codeOf = (secret: string) => {
  nowMs += 30_000;
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: nowMs });
};

/** Where a database lives, for servers started on it one after another. */
interface Place {
  dataDir: string;
  env: NodeJS.ProcessEnv;
}

interface Running {
  app: FastifyInstance;
  api: ApiClient;
}

async function serverOn(place: Place, env: NodeJS.ProcessEnv = {}): Promise<Running> {
  const config = testConfig(place.dataDir, {
    ...place.env,
    PUBLIC_URL: ORIGIN,
    RATE_LIMIT_SIGNUP_MAX: '1000',
    CODE_GUESSES_PER_ADDRESS_MAX: '1000',
    ...env,
  });
  const app = await buildApp(config, { clock });
  await app.ready();
  return { app, api: ApiClient.inject(app) };
}

/** What a command printed, and its exit code, run in this process. */
async function command(place: Place, args: string[], env: NodeJS.ProcessEnv = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const config = loadConfig(testEnv(place.dataDir, { ...place.env, ...env }));
  const code = await runCommand(config, args, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

// Accounts, each signing in its own way.

interface Accounts {
  password: { email: string };
  totp: { email: string; secret: string; recoveryCodes: string[] };
  passkey: { email: string; authenticator: SoftAuthenticator; credentialId: string };
}

async function makeAccounts({ api }: Running): Promise<Accounts> {
  const password = { email: uniqueEmail('password') };
  await activatedSession(api, password.email, PASSWORD);

  const totpEmail = uniqueEmail('totp');
  const { token } = await activatedSession(api, totpEmail, PASSWORD);
  const started = await api.post(
    API_PATHS.startSecondFactor,
    { password: PASSWORD },
    bearer(token),
  );
  const secret = started.body.secret as string;
  const confirmed = await api.post(
    API_PATHS.confirmSecondFactor,
    { code: codeOf(secret) },
    bearer(token),
  );
  expect(confirmed.status).toBe(200);

  const passkeyEmail = uniqueEmail('passkey');
  const owner = await activatedSession(api, passkeyEmail, PASSWORD);
  await confirmSession(api, owner.token, PASSWORD);
  const options = await api.post(
    API_PATHS.passkeyRegistrationOptions,
    undefined,
    bearer(owner.token),
  );
  const authenticator = new SoftAuthenticator(ORIGIN);
  const response = authenticator.register(
    options.body.options as PublicKeyCredentialCreationOptionsJSON,
  );
  const added = await api.post(
    API_PATHS.addPasskey,
    { response, name: 'Laptop' },
    bearer(owner.token),
  );
  expect(added.status).toBe(201);

  return {
    password,
    totp: {
      email: totpEmail,
      secret,
      recoveryCodes: confirmed.body.recoveryCodes as string[],
    },
    passkey: { email: passkeyEmail, authenticator, credentialId: response.id },
  };
}

async function passwordLogin({ api }: Running, email: string) {
  return (await api.post(API_PATHS.login, { email, password: PASSWORD })).status;
}

/** The status of a login's second step, with the authenticator's code or a recovery code. */
async function secondStep(
  { api }: Running,
  email: string,
  proof: { code?: string; recoveryCode?: string },
) {
  const login = await api.post(API_PATHS.login, { email, password: PASSWORD });
  expect(login.status).toBe(200);
  const ticket = login.body.secondFactor.ticket as string;
  return (await api.post(API_PATHS.loginSecondFactor, { ticket, ...proof })).status;
}

async function passkeyLogin({ api }: Running, owner: Accounts['passkey']) {
  const options = await api.post(API_PATHS.passkeyLoginOptions);
  const response = owner.authenticator.sign(options.body.options, owner.credentialId);
  return (await api.post(API_PATHS.passkeyLogin, { response })).status;
}

/** Every account signs in as it does: the statuses, all 200 when everything came along. */
async function everyoneSignsIn(server: Running, accounts: Accounts) {
  return {
    password: await passwordLogin(server, accounts.password.email),
    totp: await secondStep(server, accounts.totp.email, { code: codeOf(accounts.totp.secret) }),
    passkey: await passkeyLogin(server, accounts.passkey),
  };
}
const ALL_IN = { password: 200, totp: 200, passkey: 200 };

describe.each(ENGINES)('migrations as a step of their own, on %s', (name, engine: Engine) => {
  let place: Place;
  let tearDown: () => Promise<void>;

  beforeAll(async () => {
    const set = await engine.setUp();
    tearDown = set.tearDown;
    // A PostgreSQL schema nobody has made yet: the migrations make it.
    const schema = `${set.env.DATABASE_SCHEMA ?? ''}_new`;
    place = {
      dataDir: set.dataDir,
      env: name === 'PostgreSQL' ? { ...set.env, DATABASE_SCHEMA: schema } : {},
    };
  });
  afterAll(async () => {
    if (place.env.DATABASE_SCHEMA) await dropTestSchema(place.env.DATABASE_SCHEMA);
    await tearDown();
  });

  const nothingMade = async () => {
    if (name === 'SQLite') return !fs.existsSync(path.join(place.dataDir, 'app.db'));
    const db = await openDatabase(loadConfig({ ...place.env }).database);
    try {
      const found =
        await sql`select 1 from pg_namespace where nspname = ${place.env.DATABASE_SCHEMA}`.execute(
          db,
        );
      return found.rows.length === 0;
    } finally {
      await db.destroy();
    }
  };

  it('lists every migration as pending on an empty database, and makes nothing', async () => {
    const dryRun = await command(place, ['migrate', '--dry-run']);
    expect(dryRun).toEqual({
      code: 0,
      out: [
        `${MIGRATION_NAMES.length} pending (dry run: nothing applied):`,
        ...MIGRATION_NAMES.map((m) => `  ${m}`),
      ].join('\n'),
      err: '',
    });
    expect(await nothingMade()).toBe(true);
  });

  it('refuses to start behind its migrations with MIGRATE_ON_START=false, in one line', async () => {
    const refused = await serverOn(place, { MIGRATE_ON_START: 'false' }).then(
      () => '',
      (error: Error) => error.message,
    );
    expect(refused).toMatch(
      new RegExp(`behind this server by ${MIGRATION_NAMES.length} migration.*npm run migrate`),
    );
    expect(refused).not.toContain('\n');
  });

  it('applies them with `migrate`, then has nothing pending, and a server starts without migrating', async () => {
    const applied = await command(place, ['migrate']);
    expect(applied.code).toBe(0);
    expect(applied.out.split('\n')).toEqual([
      `Applied ${MIGRATION_NAMES.length}:`,
      ...MIGRATION_NAMES.map((m) => `  ${m}`),
    ]);
    expect((await command(place, ['migrate', '--dry-run'])).out).toBe(
      `Nothing to migrate: the database has all ${MIGRATION_NAMES.length} migrations.`,
    );
    const server = await serverOn(place, { MIGRATE_ON_START: 'false' });
    try {
      expect((await server.api.get(API_PATHS.ready)).status).toBe(200);
    } finally {
      await server.app.close();
    }
  });

  it('lists and applies the one migration a database lacks', async () => {
    const last = MIGRATION_NAMES.at(-1)!;
    // As a database last migrated by the version before this one.
    const db = await openDatabase(loadConfig(testEnv(place.dataDir, place.env)).database);
    try {
      await undoLastMigration(db, place.env.DATABASE_SCHEMA);
    } finally {
      await db.destroy();
    }
    expect((await command(place, ['migrate', '--dry-run'])).out).toBe(
      `1 pending (dry run: nothing applied):\n  ${last}`,
    );
    expect((await command(place, ['migrate'])).out).toBe(`Applied 1:\n  ${last}`);
  });
});

it('stops a start behind its migrations in one line and a non-zero exit, as a process', () => {
  const dataDir = tempDir('behind');
  try {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...testEnv(dataDir), MIGRATE_ON_START: 'false' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^The server could not start: the database is behind .*npm run migrate/,
      ),
    ]);
    expect(result.stdout).not.toMatch(/listening/i);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);

describe('an online SQLite backup restored into a fresh data directory', () => {
  const dirs: string[] = [];
  const place = () => {
    const dataDir = tempDir('backup');
    dirs.push(dataDir);
    return { dataDir, env: { SECRET_KEYS: `1:${KEY_1}` } };
  };
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it('signs the same accounts in: password, second factor and passkey', async () => {
    const live = place();
    const server = await serverOn(live);
    let accounts: Accounts;
    const file = path.join(live.dataDir, '..', `${path.basename(live.dataDir)}.backup.db`);
    dirs.push(file);
    try {
      accounts = await makeAccounts(server);
      // Writes go on while the backup runs in a process of its own, as an operator's would.
      let writing = true;
      let writes = 0;
      const writer = (async () => {
        while (writing) {
          expect(await passwordLogin(server, accounts.password.email)).toBe(200);
          writes += 1;
        }
      })();
      const backup = await new Promise<{ code: number | null; output: string }>((resolve) => {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', 'server/main.ts', 'backup', file],
          {
            cwd: REPO_ROOT,
            env: { ...process.env, ...testEnv(live.dataDir, live.env) },
          },
        );
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.once('exit', (code) => resolve({ code, output }));
      });
      writing = false;
      await writer;
      expect(backup).toEqual({
        code: 0,
        output: expect.stringMatching(/^Backed up .* \(.* MiB, checked\)\.\n$/),
      });
      expect(writes).toBeGreaterThan(0);
      // Only its owner reads it: it holds password hashes and the database's own key.
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      await server.app.close();
    }

    // The README's restore: the file as DATA_DIR/app.db of a stopped server, then start it.
    const fresh = place();
    fs.copyFileSync(file, path.join(fresh.dataDir, 'app.db'));
    const restored = await serverOn(fresh);
    try {
      expect((await restored.api.get(API_PATHS.ready)).status).toBe(200);
      expect(await everyoneSignsIn(restored, accounts)).toEqual(ALL_IN);
      expect(
        await secondStep(restored, accounts.totp.email, {
          recoveryCode: accounts.totp.recoveryCodes[0],
        }),
      ).toBe(200);
    } finally {
      await restored.app.close();
    }
  }, 120_000);

  it('never writes over a file, and sends PostgreSQL to pg_dump', async () => {
    const live = place();
    expect((await command(live, ['migrate'])).code).toBe(0);
    const file = path.join(live.dataDir, 'taken.db');
    fs.writeFileSync(file, 'keep me');
    expect(await command(live, ['backup', file])).toEqual({
      code: 1,
      out: '',
      err: `${file} exists already: name a new file.`,
    });
    expect(fs.readFileSync(file, 'utf8')).toBe('keep me');
    const postgres = await command(live, ['backup', file], { DATABASE_URL: POSTGRES_URL });
    expect([postgres.code, postgres.err]).toEqual([1, expect.stringContaining('pg_dump')]);
  });
});

describe('a PostgreSQL backup with pg_dump, restored with pg_restore into a new database', () => {
  const suffix = randomBytes(4).toString('hex');
  const schema = `test_dump_${suffix}`;
  const restoredDb = `test_restore_${suffix}`;
  const restoredUrl = POSTGRES_URL.replace(/\/[^/]*$/, `/${restoredDb}`);
  const dirs: string[] = [];
  const psql = (...args: string[]) =>
    spawnSync('psql', [POSTGRES_URL, '-v', 'ON_ERROR_STOP=1', '-q', ...args], { encoding: 'utf8' });
  afterAll(async () => {
    psql('-c', `drop database if exists ${restoredDb}`);
    await dropTestSchema(schema);
    dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));
  });

  it('signs the same accounts in: password, second factor and passkey', async () => {
    const live = {
      dataDir: tempDir('pg-dump'),
      env: { DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: schema, SECRET_KEYS: `1:${KEY_1}` },
    };
    dirs.push(live.dataDir);
    const server = await serverOn(live);
    let accounts: Accounts;
    const file = path.join(live.dataDir, 'accounts.dump');
    try {
      accounts = await makeAccounts(server);
      // As the README says: one schema, custom format, while the server runs.
      const dump = spawnSync(
        'pg_dump',
        ['--format=custom', `--schema=${schema}`, `--file=${file}`, POSTGRES_URL],
        { encoding: 'utf8' },
      );
      expect([dump.status, dump.stderr]).toEqual([0, '']);
    } finally {
      await server.app.close();
    }
    expect(psql('-c', `create database ${restoredDb}`).status).toBe(0);
    const restore = spawnSync('pg_restore', ['--no-owner', `--dbname=${restoredUrl}`, file], {
      encoding: 'utf8',
    });
    expect([restore.status, restore.stderr]).toEqual([0, '']);

    const fresh = {
      dataDir: tempDir('pg-restore'),
      env: { ...live.env, DATABASE_URL: restoredUrl },
    };
    dirs.push(fresh.dataDir);
    const restored = await serverOn(fresh);
    try {
      expect(await everyoneSignsIn(restored, accounts)).toEqual(ALL_IN);
    } finally {
      await restored.app.close();
    }
  }, 120_000);
});

/** A secret as servers before the key ring stored it: `v1.`, sealed without a key's id. */
function sealedBeforeTheRing(key: string, userId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(key, 'hex'), iv);
  cipher.setAAD(Buffer.from(userId));
  const sealed = Buffer.concat([
    cipher.update(secret, 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return `v1.${Buffer.concat([iv, sealed]).toString('base64url')}`;
}

describe.each(ENGINES)('the key ring on %s', (_name, engine: Engine) => {
  let place: Place;
  let tearDown: () => Promise<void>;
  let accounts: Accounts;
  /** An account whose secret was stored before the ring (`v1.`, under SECRET_KEY). */
  let older: Accounts['totp'];

  beforeAll(async () => {
    const set = await engine.setUp();
    tearDown = set.tearDown;
    place = { dataDir: set.dataDir, env: set.env };
  });
  afterAll(() => tearDown());

  const storedSecrets = async ({ app }: Running) =>
    (await app.db.selectFrom('second_factors').select('secret').execute()).map((row) => row.secret);
  /** How each stored secret says it was sealed: `v1`, or `v2.<key id>`. */
  const sealedWith = async (server: Running) =>
    (await storedSecrets(server))
      .map((secret) => secret.replace(/^(v2\.[^.]+|v1)\..*$/, '$1'))
      .sort();

  it('seals with SECRET_KEY as the ring of one, and opens what was sealed before the ring', async () => {
    const server = await serverOn(place, { SECRET_KEY: KEY_1 });
    try {
      accounts = await makeAccounts(server);
      const other = await makeAccounts(server);
      older = other.totp;
      const { id } = await server.app.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', older.email)
        .executeTakeFirstOrThrow();
      await server.app.db
        .updateTable('second_factors')
        .set({ secret: sealedBeforeTheRing(KEY_1, id, older.secret) })
        .where('user_id', '=', id)
        .execute();
      expect(await sealedWith(server)).toEqual(['v1', 'v2.1']);
      expect(await everyoneSignsIn(server, accounts)).toEqual(ALL_IN);
      expect(await secondStep(server, older.email, { code: codeOf(older.secret) })).toBe(200);
    } finally {
      await server.app.close();
    }
  });

  it('opens with any key of the ring and seals with the newest; `keys rotate` moves all to it', async () => {
    const ring = { SECRET_KEYS: `2:${KEY_2},1:${KEY_1}` };
    const server = await serverOn(place, ring);
    try {
      expect(await everyoneSignsIn(server, accounts)).toEqual(ALL_IN);
      expect(await secondStep(server, older.email, { code: codeOf(older.secret) })).toBe(200);
      // A new setup is sealed under the newest key at once.
      const newer = await makeAccounts(server);
      expect(await sealedWith(server)).toEqual(['v1', 'v2.1', 'v2.2']);

      const rotated = await command(place, ['keys', 'rotate'], ring);
      expect(rotated).toEqual({
        code: 0,
        out: '2 secrets re-encrypted under key "2", 1 already were.\nNo secret needs the older keys now: they may leave the ring.',
        err: '',
      });
      expect(await sealedWith(server)).toEqual(['v2.2', 'v2.2', 'v2.2']);
      expect(await secondStep(server, newer.totp.email, { code: codeOf(newer.totp.secret) })).toBe(
        200,
      );
    } finally {
      await server.app.close();
    }
    // The old key gone from the ring, every account still signs in.
    const newestOnly = await serverOn(place, { SECRET_KEYS: `2:${KEY_2}` });
    try {
      expect(await everyoneSignsIn(newestOnly, accounts)).toEqual(ALL_IN);
      expect(await secondStep(newestOnly, older.email, { code: codeOf(older.secret) })).toBe(200);
    } finally {
      await newestOnly.app.close();
    }
  });

  it('without the key, says what cannot be opened; a recovery code still signs in', async () => {
    const lost = { SECRET_KEYS: `3:${KEY_3}` };
    const rotated = await command(place, ['keys', 'rotate'], lost);
    expect(rotated.code).toBe(1);
    expect(rotated.out).toBe('0 secrets re-encrypted under key "3", 0 already were.');
    expect(rotated.err).toMatch(
      /^3 secrets open with no key of the ring: add the key .* recovery code/,
    );
    const server = await serverOn(place, lost);
    try {
      // The authenticator's code cannot be checked: a failure of the server's, not a wrong code.
      const code = codeOf(accounts.totp.secret);
      expect(await secondStep(server, accounts.totp.email, { code })).toBe(500);
      expect(
        await secondStep(server, accounts.totp.email, {
          recoveryCode: accounts.totp.recoveryCodes[1],
        }),
      ).toBe(200);
      expect(await passwordLogin(server, accounts.password.email)).toBe(200);
      expect(await passkeyLogin(server, accounts.passkey)).toBe(200);
    } finally {
      await server.app.close();
    }
  });
});
