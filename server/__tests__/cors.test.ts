// CORS_ORIGINS: an app built with API_BASE_URL on another origin calls the API from the browser.
// A listed origin gets its preflight answered and the CORS headers on every answer (errors too);
// any other origin gets none, so its browser refuses the answer. Bearer tokens only: never
// `Access-Control-Allow-Credentials`. The browser's side is __tests__/e2e/crossOrigin.test.ts.
import fs from 'node:fs';
import path from 'node:path';

import type { FastifyInstance } from 'fastify';

import { API_PATHS } from '../../contract/api';
import { testConfig, tempDir } from '../../testing/server/config';
import { buildApp } from '../app';
import { loadConfig } from '../config';

const APP_ORIGIN = 'https://app.example';
const OTHER_ORIGIN = 'https://elsewhere.example';

function preflight(app: FastifyInstance, origin: string, method = 'POST') {
  return app.inject({
    method: 'OPTIONS',
    url: API_PATHS.login,
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization, content-type, x-request-id, x-log-id',
    },
  });
}

describe('CORS_ORIGINS', () => {
  it('accepts exact origins only', () => {
    const base = { PASSWORD_HASH_PROFILE: 'test' };
    expect(
      loadConfig({ ...base, CORS_ORIGINS: 'https://app.example, http://127.0.0.1:8081/' })
        .corsOrigins,
    ).toEqual(['https://app.example', 'http://127.0.0.1:8081']);
    expect(loadConfig(base).corsOrigins).toEqual([]);
    for (const bad of ['*', 'https://app.example/path', 'app.example', 'ftp://app.example']) {
      expect(() => loadConfig({ ...base, CORS_ORIGINS: bad })).toThrow(/^Invalid CORS_ORIGINS/);
    }
  });

  describe('with a listed origin', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildApp(testConfig(tempDir('cors'), { CORS_ORIGINS: APP_ORIGIN }));
      await app.ready();
    });
    afterAll(() => app.close());

    it("answers the listed origin's preflight, without credentials", async () => {
      const answer = await preflight(app, APP_ORIGIN);
      expect(answer.statusCode).toBe(204);
      expect(answer.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
      expect(String(answer.headers['access-control-allow-methods'])).toMatch(/POST/);
      expect(String(answer.headers['access-control-allow-headers']).toLowerCase()).toMatch(
        /authorization/,
      );
      expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
      expect(String(answer.headers.vary)).toMatch(/origin/i);
    });

    it('gives an unlisted origin no CORS header, on the preflight or the answer', async () => {
      const answer = await preflight(app, OTHER_ORIGIN);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      const verify = await app.inject({
        method: 'GET',
        url: API_PATHS.verify,
        headers: { origin: OTHER_ORIGIN, authorization: 'Bearer nothing' },
      });
      expect(verify.statusCode).toBe(401);
      expect(verify.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('lets the listed origin read refusals and their headers', async () => {
      const verify = await app.inject({
        method: 'GET',
        url: API_PATHS.verify,
        headers: { origin: APP_ORIGIN, authorization: 'Bearer nothing' },
      });
      expect(verify.statusCode).toBe(401);
      expect(verify.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
      const exposed = String(verify.headers['access-control-expose-headers']).toLowerCase();
      expect(exposed).toMatch(/retry-after/);
      expect(exposed).toMatch(/x-request-id/);
    });
  });

  it('answers no CORS header when unset', async () => {
    const app = await buildApp(testConfig(tempDir('cors-off')));
    try {
      const answer = await preflight(app, APP_ORIGIN);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      expect(answer.statusCode).not.toBe(204);
    } finally {
      await app.close();
    }
  });

  it('lets the pages of a build made for another API origin connect there, and nowhere else', async () => {
    const csp = async (meta: string) => {
      const dist = tempDir('cors-dist');
      fs.writeFileSync(
        path.join(dist, 'index.html'),
        `<!doctype html><html><head>${meta}</head><body><div id=root></div></body></html>`,
      );
      const app = await buildApp(testConfig(tempDir('cors-page'), { DIST_DIR: dist }));
      try {
        const page = await app.inject({
          method: 'GET',
          url: '/login',
          headers: { accept: 'text/html' },
        });
        return String(page.headers['content-security-policy']);
      } finally {
        await app.close();
        fs.rmSync(dist, { recursive: true, force: true });
      }
    };
    // As the minified build writes it, without quotes.
    expect(await csp('<meta name=api-origin content=https://api.example>')).toMatch(
      /connect-src 'self' https:\/\/api\.example(;|$)/,
    );
    expect(
      await csp('<meta name="api-origin" content="https://api.example/v1;script-src *">'),
    ).toMatch(/connect-src 'self'(;|$)/);
    expect(await csp('')).toMatch(/connect-src 'self'(;|$)/);
  });
});
