// Security headers, the built app's files and routes, and error answers that are never pages.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';

import type { FastifyInstance } from 'fastify';

import { tempDir, testConfig } from '../../testing/server/config';
import { fetchFrom } from '../../testing/server/fetch-app';
import { buildApp } from '../app';

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

/** What a browser sends when it navigates to a page. */
const NAVIGATION = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

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
    const response = await fetchFrom(app, '/', NAVIGATION);
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
  ])('answers a navigation to %s with index.html, not cached', async (url) => {
    const response = await fetchFrom(app, url, NAVIGATION);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<title>app</title>');
  });

  it.each([
    ['a scrape of /metrics', 'GET', '/metrics', { accept: 'text/plain;version=0.0.4;q=0.9,*/*' }],
    ['a probe of an unknown path', 'GET', '/status', {}],
    ['a JSON client', 'GET', '/login', { accept: 'application/json' }],
    ['a form post to an app route', 'POST', '/login', NAVIGATION],
    ['a missing file, even as a navigation', 'GET', '/missing.js', NAVIGATION],
    ['an unknown API path, even as a navigation', 'GET', '/v1/nothing', NAVIGATION],
    ['a HEAD without Accept', 'HEAD', '/login', {}],
  ])('answers %s (%s %s) with a 404, not the app', async (_what, method, url, headers) => {
    await fetchFrom(app, '/');
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const response = await fetch(`http://127.0.0.1:${port}${url}`, { method, headers });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    if (method !== 'HEAD') expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
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
      const response = await fetchFrom(app, '/login', NAVIGATION);
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
        MAIL_FROM: 'accounts@example.com',
        PUBLIC_URL: 'https://accounts.example.com',
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
        MAIL_FROM: 'accounts@example.com',
        PUBLIC_URL: 'https://accounts.example.com',
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
