// The probes a cluster asks: /livez (the process serves), /readyz (the database, and Redis when
// configured, answer) and /healthz (ready, with the mail queue's state as a detail). The mail
// queue never fails any of them: mailQueue.test.ts stops the mail server for real.
import fs from 'node:fs';

import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';

import { API_PATHS } from '../../contract/api';
import { tempDir, testConfig } from '../../testing/server/config';
import { fetchFrom } from '../../testing/server/fetch-app';
import { REDIS_URL } from '../../testing/server/redis';
import { openDatabase } from '../db/connect';
import type { Database } from '../db/schema';
import type { MailQueue } from '../mail/queue';
import healthRoutes from '../routes/health';

/** The health routes alone, on a database of the test's choosing, with a mail queue as told. */
async function healthApp(
  db: Kysely<Database>,
  { redis, mailRetrying = false }: { redis?: Redis; mailRetrying?: boolean } = {},
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.decorate('db', db);
  app.decorate('mail', { failing: async () => mailRetrying } as unknown as MailQueue);
  await app.register(healthRoutes, { redis });
  return app;
}

async function probes(app: FastifyInstance) {
  const [live, ready, health] = await Promise.all(
    [API_PATHS.live, API_PATHS.ready, API_PATHS.health].map((path) => fetchFrom(app, path)),
  );
  return {
    live: [live!.statusCode, live!.json()],
    ready: [ready!.statusCode, ready!.json()],
    health: [health!.statusCode, health!.json()],
  };
}

const FINE = { error: false, ok: true };

describe('on a database that answers', () => {
  let dataDir: string;
  let db: Kysely<Database>;

  beforeAll(async () => {
    dataDir = tempDir('health');
    db = await openDatabase(testConfig(dataDir).database);
  });
  afterAll(async () => {
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers every probe 200, and says the mail is ok', async () => {
    const app = await healthApp(db);
    try {
      expect(await probes(app)).toEqual({
        live: [200, FINE],
        ready: [200, FINE],
        health: [200, { ...FINE, mail: 'ok' }],
      });
    } finally {
      await app.close();
    }
  });

  it('stays live and ready while mail is retrying, and says so in /healthz alone', async () => {
    const app = await healthApp(db, { mailRetrying: true });
    try {
      expect(await probes(app)).toEqual({
        live: [200, FINE],
        ready: [200, FINE],
        health: [200, { ...FINE, mail: 'retrying' }],
      });
    } finally {
      await app.close();
    }
  });

  it('answers 200 with a configured Redis that answers', async () => {
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    const app = await healthApp(db, { redis });
    try {
      expect((await probes(app)).ready).toEqual([200, FINE]);
    } finally {
      await app.close();
      redis.disconnect();
    }
  });

  it('names Redis when it is configured but unreachable, and stays live', async () => {
    // Nothing listens on port 1.
    const redis = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 1 });
    redis.on('error', () => {});
    const app = await healthApp(db, { redis });
    try {
      const { live, ready, health } = await probes(app);
      expect(live).toEqual([200, FINE]);
      expect(ready).toEqual([
        503,
        expect.objectContaining({ code: 'SERVICE_UNAVAILABLE', ok: false, failing: ['redis'] }),
      ]);
      expect(health).toEqual(ready);
    } finally {
      await app.close();
      redis.disconnect();
    }
  });
});

it('names the database when it does not answer, and stays live', async () => {
  const dataDir = tempDir('health-down');
  // Nothing listens on port 1: every query fails.
  const config = testConfig(dataDir, { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' });
  const db = await openDatabase(config.database);
  const app = await healthApp(db, { mailRetrying: true });
  try {
    const { live, ready, health } = await probes(app);
    expect(live).toEqual([200, FINE]);
    expect(ready).toEqual([
      503,
      {
        error: true,
        code: 'SERVICE_UNAVAILABLE',
        message: expect.any(String),
        ok: false,
        failing: ['database'],
      },
    ]);
    expect(health).toEqual(ready);
  } finally {
    await app.close();
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
