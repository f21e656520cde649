// The server as `npm start` runs it, in its own process, so that it can be killed outright.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

import { testEnv } from '../../support/config';

const ROOT = path.resolve(__dirname, '../../../..');

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resolves once the process has exited. */
  exited: Promise<number | null>;
}

export async function spawnServer(dataDir: string, port: number, env: NodeJS.ProcessEnv = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...testEnv(dataDir, { PORT: String(port), ...env }) },
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const healthy = await fetch(`${url}/healthz`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (healthy) return { url, child, exited } satisfies ServerProcess;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server process did not become healthy on ${url}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
