// A PostgreSQL and a Redis of the test's own, on free loopback ports in a temporary folder, for
// tests that kill, pause or restart them: the shared ones (5432, 6379) are never touched. They use
// the machine's PostgreSQL binaries (Debian's postgresql package) and redis-server.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { Redis } from 'ioredis';
import pg from 'pg';

import { freePort } from '../processes';
import { tempDir } from './config';

async function until(what: string, check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** The newest installed PostgreSQL's bin folder (Debian keeps each major version apart). */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs.readdirSync(root).filter((name) => fs.existsSync(path.join(root, name, 'bin', 'initdb')))
    : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) {
    throw new Error(
      'PostgreSQL binaries are missing: install them with `apt-get install -y postgresql`',
    );
  }
  return path.join(root, newest, 'bin');
}

/** PostgreSQL refuses to run as root: then it runs as the `postgres` user, which owns its folder. */
function postgresUser(dir: string): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres']).stdout.toString());
  const owner = { uid: id('-u'), gid: id('-g') };
  fs.chownSync(dir, owner.uid, owner.gid);
  fs.chmodSync(dir, 0o700);
  return owner;
}

export interface OwnPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  port: number;
  /** SIGKILL to the postmaster: the database is gone at once, as after a crash. */
  kill(): Promise<void>;
  /** Starts it again on the same folder and port (after a kill: crash recovery first). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function ownPostgres(): Promise<OwnPostgres> {
  const bin = postgresBin();
  const dir = tempDir('own-pg');
  const data = path.join(dir, 'data');
  const user = postgresUser(dir);
  const init = spawnSync(
    path.join(bin, 'initdb'),
    ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C'],
    { ...user, encoding: 'utf8' },
  );
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let child: ChildProcess | undefined;

  const answers = async () => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } finally {
      await client.end().catch(() => {});
    }
  };

  async function start(): Promise<void> {
    // After a kill the old server's backends may still hold its shared memory for a moment.
    await until('PostgreSQL to start', async () => {
      const started = spawn(
        path.join(bin, 'postgres'),
        ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1'].concat([
          '-c',
          'fsync=off',
          '-c',
          'max_connections=100',
        ]),
        { ...user, stdio: 'ignore' },
      );
      const up = await Promise.race([
        until('PostgreSQL to answer', answers, 10_000).then(() => true),
        exited(started).then(() => false),
      ]).catch(() => false);
      if (up) child = started;
      else started.kill('SIGKILL');
      return up;
    });
  }

  await start();
  return {
    url,
    port,
    async kill() {
      const running = child;
      child = undefined;
      running?.kill('SIGKILL');
      if (running) await exited(running);
    },
    start,
    async stop() {
      const running = child;
      child = undefined;
      // Fast shutdown: open sessions are ended, not waited for.
      running?.kill('SIGINT');
      if (running) await exited(running);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface OwnRedis {
  url: string;
  /** SIGKILL: Redis is gone at once. */
  kill(): Promise<void>;
  /** Starts it again on the same port, with nothing kept (no persistence). */
  start(): Promise<void>;
  /** SIGSTOP: connections stay open and nothing is answered (a hung Redis). */
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

export async function ownRedis(): Promise<OwnRedis> {
  const dir = tempDir('own-redis');
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;

  async function start(): Promise<void> {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', ''].concat([
        '--appendonly',
        'no',
      ]),
      { stdio: 'ignore' },
    );
    child.once('error', () => {});
    await until('Redis to answer', async () => {
      const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 });
      client.on('error', () => {});
      try {
        await client.connect();
        return (await client.ping()) === 'PONG';
      } finally {
        client.disconnect();
      }
    });
  }

  await start();
  return {
    url,
    async kill() {
      const running = child;
      child = undefined;
      running?.kill('SIGCONT');
      running?.kill('SIGKILL');
      if (running) await exited(running);
    },
    start,
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
    async stop() {
      const running = child;
      child = undefined;
      running?.kill('SIGCONT');
      running?.kill('SIGKILL');
      if (running) await exited(running);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
