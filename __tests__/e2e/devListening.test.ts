// `npm run dev` and `npm run dev:api` listen on this machine only: through the dev server's proxy,
// the dev API's outbox hands out live codes, and on a shared network anyone could read them.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

import { freePort, networkAddress, REPO_ROOT } from '../../testing/processes';
import { tempDir, testEnv } from '../../testing/server/config';

function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts `args` in its own process group; resolves once its output matches `listening`. */
async function listening(args: string[], env: NodeJS.ProcessEnv, ready: RegExp) {
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited ${code} before listening:\n${output}`)));
  });
  return child;
}

function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(-child.pid, 'SIGTERM');
  return exited;
}

let child: ChildProcess | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await stop(child);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

it('runs the dev API on this machine only', async () => {
  const port = await freePort();
  const { HOST: _, ...env } = testEnv(tempDir('dev-api'), {
    PORT: String(port),
    LOG_LEVEL: 'info',
  });
  child = await listening(['--import', 'tsx', 'server/main.ts'], env, /Server listening/);
  expect(await connects('127.0.0.1', port)).toBe(true);
  expect(await connects(networkAddress(), port)).toBe(false);
});

it('runs the webpack dev server on this machine only', async () => {
  const port = await freePort();
  const cli = path.join(REPO_ROOT, 'node_modules/webpack-cli/bin/cli.js');
  child = await listening(
    [cli, 'serve', '--mode', 'development'],
    { DEV_PORT: String(port) },
    /Loopback:/,
  );
  expect(await connects('localhost', port)).toBe(true);
  expect(await connects(networkAddress(), port)).toBe(false);
});
