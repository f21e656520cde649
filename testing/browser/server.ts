// The real account server on a free port, with its own throwaway data directory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startServer, type RunningServer } from '../../server/app';
import { loadConfig } from '../../server/config';

import { DIST_DIR } from './paths';

export interface TestServer {
  url: string;
  port: number;
  dataDir: string;
  /** Stops the server and keeps its data, so that `restart` finds the same accounts. */
  stop(): Promise<void>;
  /** Starts again on the same port with the same data. */
  restart(): Promise<void>;
  /** Stops the server (if running) and deletes its data. */
  dispose(): Promise<void>;
}

function configFor(dataDir: string, port: number, env: NodeJS.ProcessEnv) {
  return loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DIST_DIR,
    MAIL_MODE: 'outbox',
    // argon2id still, just cheap enough for a two-core machine.
    PASSWORD_HASH_PROFILE: 'test',
    LOG_LEVEL: 'silent',
    ...env,
  });
}

/** `env` adds to or overrides the test settings (a mail worker held back, say). */
export async function startTestServer(env: NodeJS.ProcessEnv = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accounts-e2e-'));
  let running: RunningServer | null = await startServer(configFor(dataDir, 0, env));
  const { url, port } = running;

  async function stop() {
    const server = running;
    running = null;
    await server?.close();
  }

  return {
    url,
    port,
    dataDir,
    stop,
    async restart() {
      await stop();
      running = await startServer(configFor(dataDir, port, env));
    },
    async dispose() {
      await stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
