// Thousands of generated bodies to every endpoint: each answer is a JSON error with a 4xx
// status, and nothing refused leaves a trace in the database.
import fc from 'fast-check';

import { API_PATHS } from '../../../contract/api';
import { ENGINES, type Engine } from '../../../testing/server/engines';
import { contentType, hostileBody } from '../../../testing/server/hardening/hostile';
import { hostileServer, type HostileServer } from '../../../testing/server/hardening/hostileServer';
import { snapshot } from '../../../testing/server/hardening/snapshot';

// GET verify takes no body: hostileRequests.test.ts sends it hostile headers instead.
const ENDPOINTS: Array<{ method: 'POST'; url: string; success: number[] }> = [
  { method: 'POST', url: API_PATHS.signup, success: [201] },
  { method: 'POST', url: API_PATHS.verifyAccount, success: [] },
  { method: 'POST', url: API_PATHS.resendActivation, success: [202] },
  { method: 'POST', url: API_PATHS.login, success: [] },
  { method: 'POST', url: API_PATHS.logout, success: [] },
];
const RUNS: Record<string, number> = { SQLite: 400, PostgreSQL: 120 };

describe.each(ENGINES)('hostile bodies on %s', (name, engine: Engine) => {
  let server: HostileServer;
  beforeAll(async () => {
    server = await hostileServer(engine);
  });
  afterAll(() => server?.close());

  it.each(ENDPOINTS)('$method $url refuses them cleanly', async ({ method, url, success }) => {
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(hostileBody, contentType, async (payload, type) => {
        const before = await snapshot(server.db);
        const answer = await fetch(server.server.url + url, {
          method,
          body: payload,
          headers: type === undefined ? {} : { 'content-type': type },
        });
        seen.set(answer.status, (seen.get(answer.status) ?? 0) + 1);
        expect(answer.status).toBeLessThan(500);
        expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
        const body = await answer.json();
        if (success.includes(answer.status)) {
          expect(body.error).toBe(false);
          return;
        }
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(body).toMatchObject({ error: true, code: expect.stringMatching(/^[A-Z_]+$/) });
        expect(await snapshot(server.db)).toBe(before);
      }),
      { seed: 7_031_991, numRuns: RUNS[name] },
    );
    // The generators must reach validation, not only the content-type gate.
    expect(seen.get(400) ?? 0).toBeGreaterThan(0);
  });

  it('still serves the account it holds afterwards', async () => {
    const answer = await server.api.get(API_PATHS.verify, {
      authorization: `Bearer ${server.token}`,
    });
    expect(answer.status).toBe(200);
  });
});
