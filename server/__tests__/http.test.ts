// Security headers, the built app's files and routes, and error answers that are never pages.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';

import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';

import { tempDir, testConfig } from '../../testing/server/config';
import { fetchFrom } from '../../testing/server/fetch-app';
import { REDIS_URL } from '../../testing/server/redis';
import { buildApp } from '../app';
import { openDatabase } from '../db/connect';
import type { Database } from '../db/schema';
import type { MailQueue } from '../mail/queue';
import healthRoutes from '../routes/health';

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; font-src 'self' data:; " +
  "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; " +
  "form-action 'self'; frame-ancestors 'none'";

const MAIN_JS = 'console.log(1)';

/** A GET whose body is left as it came off the wire (fetch would decompress it). */
async function rawGet(app: FastifyInstance, url: string, headers: Record<string, string>) {
  await fetchFrom(app, '/');
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return new Promise<{ statusCode: number; headers: http.IncomingHttpHeaders; rawPayload: Buffer }>(
    (resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: url, headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              statusCode: response.statusCode ?? 0,
              headers: response.headers,
              rawPayload: Buffer.concat(chunks),
            }),
          );
        })
        .on('error', reject);
    },
  );
}

const normalize = (policy: string | undefined) => policy?.split(/;\s*/).join('; ');

describe('the built app and the HTTP surface', () => {
  let dataDir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dataDir = tempDir('http');
    const dist = path.join(dataDir, 'dist');
    fs.mkdirSync(path.join(dist, 'static'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    fs.writeFileSync(path.join(dist, 'replay.html'), '<!doctype html><title>replay</title>');
    fs.writeFileSync(path.join(dist, 'main.3f2a9c1b.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'main.3f2a9c1b.js.br'), zlib.brotliCompressSync(MAIN_JS));
    fs.writeFileSync(path.join(dist, 'main.3f2a9c1b.js.gz'), zlib.gzipSync(MAIN_JS));
    fs.writeFileSync(path.join(dist, 'static', 'font.0123abcd4567.woff2'), 'font');
    fs.writeFileSync(path.join(dist, 'favicon.ico'), 'icon');
    app = await buildApp(testConfig(dataDir, { DIST_DIR: dist }));
    app.get('/v1/test/explode', async () => {
      throw new Error('secret internals at /srv/app.ts:42');
    });
  });

  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends the content security policy and the other helmet headers', async () => {
    const response = await fetchFrom(app, '/');
    expect(normalize(response.headers['content-security-policy'])).toBe(CSP);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it.each([
    ['a refusal', '/v1/api/user/verify', 401],
    ['an unknown API path', '/v1/no-such-call', 404],
    ['a failure', '/v1/test/explode', 500],
  ])('sends the API policy with %s', async (_what, url, status) => {
    const response = await fetchFrom(app, url);
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the page policy with a hashed asset and a 304', async () => {
    const asset = await fetchFrom(app, '/main.3f2a9c1b.js');
    expect(normalize(asset.headers['content-security-policy'])).toBe(CSP);
    const again = await fetchFrom(app, '/main.3f2a9c1b.js', {
      'if-none-match': String(asset.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(normalize(again.headers['content-security-policy'])).toBe(CSP);
  });

  it.each([
    '/',
    '/static/',
    '/login',
    '/signup',
    '/user/verify-account?email=a%40b.co',
    '/some/unknown/path',
  ])('answers %s with index.html, not cached', async (url) => {
    const response = await fetchFrom(app, url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<title>app</title>');
  });

  it('serves replay.html', async () => {
    const response = await fetchFrom(app, '/replay.html');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>replay</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/main.3f2a9c1b.js', '/static/font.0123abcd4567.woff2'])(
    'caches the hashed asset %s for a year, immutably',
    async (url) => {
      const response = await fetchFrom(app, url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    },
  );

  it.each([
    ['br, gzip', 'br', zlib.brotliDecompressSync],
    ['gzip, deflate', 'gzip', zlib.gunzipSync],
    ['gzip;q=0, br', 'br', zlib.brotliDecompressSync],
  ])('sends the precompressed copy to a client accepting %s', async (accept, name, decode) => {
    const response = await rawGet(app, '/main.3f2a9c1b.js', { 'accept-encoding': accept });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(name);
    expect(response.headers['vary']).toBe('accept-encoding');
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(decode(response.rawPayload).toString()).toBe(MAIN_JS);
  });

  it('sends the plain file, with its own etag, to a client accepting no compression', async () => {
    const plain = await rawGet(app, '/main.3f2a9c1b.js', { 'accept-encoding': 'gzip;q=0' });
    const brotli = await rawGet(app, '/main.3f2a9c1b.js', { 'accept-encoding': 'br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.toString()).toBe(MAIN_JS);
    expect(plain.headers.etag).not.toBe(brotli.headers.etag);
    const revalidated = await rawGet(app, '/main.3f2a9c1b.js', {
      'accept-encoding': 'br',
      'if-none-match': String(brotli.headers.etag),
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('never serves a compressed copy as a file of its own type', async () => {
    const response = await rawGet(app, '/main.3f2a9c1b.js.br', {});
    expect(response.statusCode).toBe(404);
  });

  it('revalidates files without a hash', async () => {
    const response = await fetchFrom(app, '/favicon.ico');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/missing.js', '/v1/unknown', '/v1/api/user/nothing'])(
    'answers %s with a 404 JSON error',
    async (url) => {
      const response = await fetchFrom(app, url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: true, code: 'NOT_FOUND' });
    },
  );

  it.each([
    '/../../../etc/passwd',
    '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '/static/..%2f..%2f..%2fpackage.json',
    '/main.3f2a9c1b.js/../../package.json',
    '/..%5c..%5c..%5cetc%5cpasswd',
    '/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd',
    '/static/%2e%2e/%2e%2e/server/config.ts',
  ])('answers the path traversal %s quietly, with nothing from outside the build', async (url) => {
    const response = await rawGet(app, url, {});
    const body = response.rawPayload.toString('utf8');
    expect(response.statusCode).toBeLessThan(500);
    expect(body).not.toMatch(/root:|"name":\s*"accounts-app"|loadConfig/);
    // The app shell (a route of the app), a JSON 404, or a JSON 400 for a malformed encoding.
    if (response.statusCode !== 200) {
      const { code } = JSON.parse(body);
      expect([response.statusCode, code]).toEqual(
        response.statusCode === 400 ? [400, 'BAD_REQUEST'] : [404, 'NOT_FOUND'],
      );
    } else {
      expect(body).toBe('<!doctype html><title>app</title>');
    }
  });

  it('answers a failure inside a handler with a 500 JSON error and no details', async () => {
    const response = await fetchFrom(app, '/v1/test/explode');
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ error: true, code: 'INTERNAL', message: expect.any(String) });
    expect(response.body).not.toContain('secret internals');
    expect(response.body).not.toContain('.ts');
  });
});

describe('without a built app', () => {
  it('answers app routes with 503 saying how to build', async () => {
    const dataDir = tempDir('nodist');
    const app = await buildApp(testConfig(dataDir));
    try {
      const response = await fetchFrom(app, '/login');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ error: true, code: 'SERVICE_UNAVAILABLE' });
      expect(response.json().message).toContain('npm run build');
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the outbox endpoint', () => {
  it.each([
    ['outbox mode', {}, 200],
    [
      'production with SMTP',
      {
        NODE_ENV: 'production',
        SECRET_KEY: 'ab'.repeat(32),
        PASSWORD_HASH_PROFILE: 'owasp',
        SMTP_URL: 'smtp://127.0.0.1:2525',
      },
      404,
    ],
    [
      'production with MAIL_MODE=outbox',
      {
        NODE_ENV: 'production',
        SECRET_KEY: 'ab'.repeat(32),
        PASSWORD_HASH_PROFILE: 'owasp',
        MAIL_MODE: 'outbox',
      },
      200,
    ],
    ['SMTP mode', { SMTP_URL: 'smtp://127.0.0.1:2525' }, 404],
  ])('in %s answers %#', async (_label, env, status) => {
    const dataDir = tempDir('outbox');
    const app = await buildApp(testConfig(dataDir, env));
    try {
      const response = await fetchFrom(app, '/v1/dev/outbox');
      expect(response.statusCode).toBe(status);
      expect(response.json().error).toBe(status !== 200);
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** The health route alone, on a database of the test's choosing, with a mail queue that works. */
function healthWithoutMail(app: FastifyInstance, db: Kysely<Database>): void {
  app.decorate('db', db);
  app.decorate('mail', { failing: async () => false } as unknown as MailQueue);
}

describe('GET /healthz', () => {
  it('answers 503 when the database does not answer', async () => {
    const dataDir = tempDir('health');
    // Nothing listens on port 1: every query fails.
    const config = testConfig(dataDir, { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' });
    const db = await openDatabase(config.database);
    const app = Fastify({ logger: false });
    healthWithoutMail(app, db);
    await app.register(healthRoutes);
    try {
      const response = await fetchFrom(app, '/healthz');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        error: true,
        code: 'SERVICE_UNAVAILABLE',
        ok: false,
        failing: ['database'],
      });
    } finally {
      await app.close();
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.each([
    ['answers 200 when the configured Redis answers', REDIS_URL, 200, undefined],
    // Nothing listens on port 1.
    ['names Redis when it is configured but unreachable', 'redis://127.0.0.1:1', 503, ['redis']],
  ])('%s', async (_name, url, status, failing) => {
    const dataDir = tempDir('health-redis');
    const config = testConfig(dataDir);
    const db = await openDatabase(config.database);
    const redis = new Redis(url, { maxRetriesPerRequest: 1 });
    redis.on('error', () => {});
    const app = Fastify({ logger: false });
    healthWithoutMail(app, db);
    await app.register(healthRoutes, { redis });
    try {
      const response = await fetchFrom(app, '/healthz');
      expect(response.statusCode).toBe(status);
      expect(response.json().failing).toEqual(failing);
    } finally {
      await app.close();
      redis.disconnect();
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
