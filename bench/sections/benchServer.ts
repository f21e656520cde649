// A product server on a throwaway database, with one activated account and its token, and the
// bare route it is measured against.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import Fastify from 'fastify';

import { API_PATHS } from '../../contract/api';
import { startServer, type RunningServer } from '../../server/app';
import { loadConfig } from '../../server/config';

export const BENCH_ACCOUNT = {
  name: 'Bench',
  email: 'bench@example.com',
  password: 'correct horse battery',
};

export interface BenchServer {
  server: RunningServer;
  token: string;
  close(): Promise<void>;
}

async function post(url: string, body: unknown) {
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return answer.json();
}

/** `env` selects the database; the password hash keeps the production (OWASP) profile. */
export async function benchServer(
  env: NodeJS.ProcessEnv = {},
  distDir?: string,
): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DIST_DIR: distDir ?? path.join(dataDir, 'no-dist'),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SIGNUP_MAX: '1000000',
    RATE_LIMIT_LOGIN_FAILURES_MAX: '1000000',
    RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS_MAX: '1000000',
    RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL_MAX: '1000000',
    ...env,
  });
  const server = await startServer(config);
  await post(server.url + API_PATHS.signup, BENCH_ACCOUNT);
  let code: string | undefined;
  while (!code) {
    const outbox = await (await fetch(server.url + API_PATHS.outbox)).json();
    code = outbox.messages.find((m: { to: string }) => m.to === BENCH_ACCOUNT.email)?.code;
    if (!code) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const { token } = await post(server.url + API_PATHS.verifyAccount, {
    email: BENCH_ACCOUNT.email,
    code,
    password: BENCH_ACCOUNT.password,
  });
  return {
    server,
    token,
    close: async () => {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A Fastify route that answers a constant: what any route costs here. */
export async function bareRoute() {
  const app = Fastify();
  app.get('/', async () => ({ error: false }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/`, close: () => app.close() };
}
