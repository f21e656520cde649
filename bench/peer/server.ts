// One server of the peer comparison in a process of its own, so its CPU time can be read from
// /proc: `node --import tsx bench/peer/server.ts better-auth|product|bare DIR`. Prints one JSON line
// with its URL, the headers a signed-in request carries, and the peer's version.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

import SQLite from 'better-sqlite3';

import { benchServer } from '../sections/benchServer';

const EMAIL = 'peer@example.com';
const PASSWORD = 'correct horse battery staple';

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    });
  });
}

async function betterAuthServer(dir: string) {
  const { betterAuth } = await import('better-auth');
  const { toNodeHandler } = await import('better-auth/node');
  const { getMigrations } = await import('better-auth/db/migration');
  const database = new SQLite(path.join(dir, 'better-auth.db'));
  // The same journal and sync settings as the product's SQLite.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  // Listening first: the library checks each request's origin against its base URL.
  let handler: (request: http.IncomingMessage, response: http.ServerResponse) => unknown = () =>
    undefined;
  const url = await listen(
    http.createServer((request, response) => void handler(request, response)),
  );
  const auth = betterAuth({
    database,
    baseURL: url,
    secret: 'a bench secret that is long enough to be accepted by the library',
    emailAndPassword: { enabled: true },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
  });
  const { runMigrations } = await getMigrations(auth.options);
  await runMigrations();
  handler = toNodeHandler(auth);
  const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD, name: 'Peer' }),
  });
  const cookie = signUp.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  if (!signUp.ok || !cookie) throw new Error(`better-auth sign-up answered ${signUp.status}`);
  // dist/index.mjs, beside the package's own package.json (which it does not export).
  const manifest = path.join(path.dirname(require.resolve('better-auth')), '..', 'package.json');
  const version = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string };
  return { url: `${url}/api/auth/get-session`, headers: { cookie }, version: version.version };
}

let close: (() => Promise<void>) | undefined;

async function productServer() {
  const bench = await benchServer({ LOG_LEVEL: process.env.PEER_LOG_LEVEL ?? 'silent' });
  close = bench.close;
  return {
    url: `${bench.server.url}/v1/api/user/verify`,
    headers: { authorization: `Bearer ${bench.token}` },
  };
}

async function bareServer() {
  const body = JSON.stringify({ error: false });
  const url = await listen(
    http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(body);
    }),
  );
  return { url: `${url}/`, headers: {} };
}

async function main() {
  const [kind, dir] = process.argv.slice(2);
  const started =
    kind === 'better-auth'
      ? await betterAuthServer(dir ?? '.')
      : kind === 'product'
        ? await productServer()
        : await bareServer();
  process.stdout.write(`${JSON.stringify(started)}\n`);
}

// The product's server removes its data directory as it stops.
process.once('SIGTERM', () => {
  void (close?.() ?? Promise.resolve()).finally(() => process.exit(0));
});

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
