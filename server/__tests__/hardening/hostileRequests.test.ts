// Generated paths, methods and headers, written to the socket byte for byte: every answer is
// a JSON error (or one of the few public successes), never a 5xx, and the database is untouched.
import fc from 'fast-check';

import { API_PATHS } from '../../../contract/api';
import { sqlite } from '../../../testing/server/engines';
import { controlText, hostileText } from '../../../testing/server/hardening/hostile';
import { hostileServer, type HostileServer } from '../../../testing/server/hardening/hostileServer';
import { rawRequest } from '../../../testing/server/hardening/rawHttp';
import { snapshot } from '../../../testing/server/hardening/snapshot';

const ENDPOINT_PATHS = Object.values(API_PATHS);
/** Reads that succeed without a session: anything else must be refused. */
const PUBLIC_READS = new Set<string>([
  API_PATHS.health,
  API_PATHS.live,
  API_PATHS.ready,
  API_PATHS.outbox,
]);

const segment = fc.oneof(hostileText, controlText).map((text) => text.slice(0, 2000));
const path = fc.oneof(
  fc.constantFrom(...ENDPOINT_PATHS),
  fc.tuple(fc.constantFrom(...ENDPOINT_PATHS), segment).map(([p, s]) => `${p}?${s}`),
  fc.tuple(fc.constantFrom(...ENDPOINT_PATHS), segment).map(([p, s]) => `${p}/${s}`),
  segment.map((s) => `/v1/${s}`),
  segment.map((s) => `/v1/api/user/${encodeURIComponent(s)}`),
);
const method = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH');
const headers = fc.record(
  {
    authorization: fc.oneof(
      segment,
      segment.map((s) => `Bearer ${s}`),
    ),
    'accept-language': segment,
    'content-type': segment,
    cookie: segment,
    'x-forwarded-for': segment,
  },
  { requiredKeys: [] },
);

// Line breaks would make a second, pipelined request; every other byte is sent as generated.
const oneLine = (text: string) => text.replace(/[\r\n]/g, '');

function requestBytes(
  verb: string,
  target: string,
  fields: Partial<Record<string, string>>,
): Buffer {
  const lines = [`${verb} ${oneLine(target)} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
  for (const [name, value] of Object.entries(fields))
    lines.push(`${name}: ${oneLine(value ?? '')}`);
  // A body-carrying method states its (empty) length so the server never waits for more.
  if (verb !== 'GET') lines.push('Content-Length: 0');
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8');
}

/** Paths outside the API are the app's routes: they answer the app shell, as in production. */
function isAppShell(verb: string, pathname: string, type: string | undefined) {
  const outsideApi = !pathname.startsWith('/v1/') && pathname !== '/v1';
  return verb === 'GET' && outsideApi && (type ?? '').startsWith('text/html');
}

let server: HostileServer;
beforeAll(async () => {
  server = await hostileServer(sqlite);
});
afterAll(() => server?.close());

it('answers every generated request with a JSON error and changes nothing', async () => {
  const statuses = new Set<number>();
  await fc.assert(
    fc.asyncProperty(method, path, headers, async (verb, target, fields) => {
      const before = await snapshot(server.db);
      const answer = await rawRequest(server.server.port, requestBytes(verb, target, fields));
      statuses.add(answer.status);
      expect(answer.status).toBeGreaterThanOrEqual(200);
      expect(answer.status).toBeLessThan(500);
      const pathname = oneLine(target).split('?')[0] ?? '';
      if (isAppShell(verb, pathname, answer.headers['content-type'])) return;
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      const body = JSON.parse(answer.body);
      const publicRead = verb === 'GET' && PUBLIC_READS.has(pathname);
      if (answer.status < 300) expect(publicRead).toBe(true);
      else expect(body).toMatchObject({ error: true, code: expect.stringMatching(/^[A-Z_]+$/) });
      expect(await snapshot(server.db)).toBe(before);
    }),
    { seed: 1_234_567, numRuns: 1500 },
  );
  expect([...statuses].filter((status) => status >= 400).length).toBeGreaterThan(2);
});

it('still verifies the held session afterwards', async () => {
  const answer = await server.api.get(API_PATHS.verify, {
    authorization: `Bearer ${server.token}`,
  });
  expect(answer.status).toBe(200);
});
