// Servers starting at once on an empty database or schema, as the replicas of a deployment do:
// each migration is applied once, under a lock, and every server comes up.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { sql } from 'kysely';
import pg from 'pg';

import { API_PATHS } from '../../contract/api';
import { REPO_ROOT } from '../../testing/processes';
import { ApiClient } from '../../testing/server/client';
import { tempDir, testConfig, testEnv } from '../../testing/server/config';
import { dropTestSchema, POSTGRES_URL } from '../../testing/server/postgres';
import { startServer, type RunningServer } from '../app';
import { openDatabase } from '../db/connect';
import { MIGRATION_NAMES, migrateToLatest, pendingMigrations } from '../db/migrate';

/** A schema name no test has created: the servers find nothing there. */
const newSchema = (label: string) => `test_${label}_${Date.now().toString(36)}`;

async function appliedMigrations(db: Awaited<ReturnType<typeof openDatabase>>, schema?: string) {
  const table = schema ? sql.id(schema, 'kysely_migration') : sql.id('kysely_migration');
  const rows = await sql<{ name: string }>`select name from ${table} order by name`.execute(db);
  return rows.rows.map((row) => row.name);
}

describe('five servers starting at once on a new PostgreSQL schema', () => {
  const schemas: string[] = [];
  const dataDirs: string[] = [];
  afterAll(async () => {
    for (const schema of schemas) await dropTestSchema(schema);
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  // Each round is a new schema; before the lock, 2 starts in 5 failed on the schema's creation.
  it.each([1, 2, 3])('all come up, and apply each migration once (round %i)', async () => {
    const schema = newSchema('start');
    schemas.push(schema);
    const configs = Array.from({ length: 5 }, () => {
      const dataDir = tempDir('start-pg');
      dataDirs.push(dataDir);
      return testConfig(dataDir, { DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: schema });
    });
    const starts = await Promise.allSettled(configs.map((config) => startServer(config)));
    const servers = starts.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []));
    try {
      expect(
        starts.map((start) => (start.status === 'rejected' ? String(start.reason) : 'up')),
      ).toEqual(Array(5).fill('up'));
      for (const server of servers) {
        expect((await new ApiClient(server.url).get(API_PATHS.ready)).status).toBe(200);
      }
      expect(await appliedMigrations(servers[0]!.app.db, schema)).toEqual(MIGRATION_NAMES);
    } finally {
      await Promise.all(servers.map((server: RunningServer) => server.close()));
    }
  });
});

it('starts while other schemas of the database come and go', async () => {
  const schema = newSchema('churn');
  const db = await openDatabase({ kind: 'postgres', url: POSTGRES_URL, schema });
  // Another tenant of the database (here: other suites) making and dropping schemas meanwhile.
  const other = new pg.Client({ connectionString: POSTGRES_URL });
  await other.connect();
  let churning = true;
  const churn = (async () => {
    for (let round = 0; churning; round += 1) {
      const gone = `${schema}_other_${round}`;
      await other.query(`create schema ${gone}; create table ${gone}.t (a int, b text)`);
      await other.query(`drop schema ${gone} cascade`);
    }
  })();
  const failures: string[] = [];
  try {
    // What a start asks first: which migrations the schema lacks (before, 1 in 3 failed with
    // "schema … does not exist", naming the other one).
    for (let check = 0; check < 100; check += 1) {
      await pendingMigrations(db, schema).catch((error: unknown) => failures.push(String(error)));
    }
    expect(await migrateToLatest(db, schema)).toEqual(MIGRATION_NAMES);
  } finally {
    churning = false;
    await churn;
    await other.end();
    await db.destroy();
    await dropTestSchema(schema);
  }
  expect(failures).toEqual([]);
});

interface Cued {
  child: ChildProcess;
  output: () => string;
  /** Resolves once the process printed `line` (a regular expression), with the match. */
  printed(line: RegExp): Promise<RegExpExecArray>;
}

/** A server process (testing/server/startOnCue.ts) loaded and waiting for its cue. */
function cuedServer(env: NodeJS.ProcessEnv): Cued {
  const child = spawn(process.execPath, ['--import', 'tsx', 'testing/server/startOnCue.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const waiting: Array<() => void> = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    waiting.splice(0).forEach((check) => check());
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const printed = (line: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const match = line.exec(output);
        if (match) resolve(match);
        else waiting.push(check);
      };
      check();
      void exited.then(() => reject(new Error(`the process ended:\n${output}`)));
    });
  return { child, output: () => output, printed };
}

describe('three server processes starting at once on a new SQLite data directory', () => {
  let dataDir: string;
  const processes: Cued[] = [];

  beforeAll(() => {
    dataDir = tempDir('start-sqlite');
  });
  afterAll(async () => {
    await Promise.all(
      processes.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('all come up, and apply each migration once', async () => {
    // One data directory, one file: each process has its own outbox beside it, as on one machine.
    const env = { ...testEnv(dataDir), LOG_LEVEL: 'silent' };
    processes.push(cuedServer(env), cuedServer(env), cuedServer(env));
    await Promise.all(processes.map((one) => one.printed(/^ready$/m)));
    expect(fs.existsSync(path.join(dataDir, 'app.db'))).toBe(false);
    for (const { child } of processes) child.stdin!.write('go\n');
    const outcomes = await Promise.all(
      processes.map((one) =>
        one.printed(/^(Server listening at (\S+)|The server could not start: .*)$/m),
      ),
    );
    expect(outcomes.map((match) => match[1]!.replace(/ at \S+$/, ''))).toEqual(
      Array(3).fill('Server listening'),
    );
    for (const match of outcomes) {
      expect((await new ApiClient(match[2]!).get(API_PATHS.ready)).status).toBe(200);
    }
    const db = await openDatabase(testConfig(dataDir).database);
    try {
      expect(await appliedMigrations(db)).toEqual(MIGRATION_NAMES);
    } finally {
      await db.destroy();
    }
  }, 180_000);
});
