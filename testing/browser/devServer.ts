// `npm run dev` as a developer runs it: webpack's dev server on a free port, proxying /v1 to a
// real account server, in its own process group so that stopping it stops webpack too.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

import { freePort, REPO_ROOT } from '../processes';

const START_TIMEOUT_MS = 150_000;

export interface DevServer {
  url: string;
  /** Resolves after the next "compiled" line from webpack (after an edit, for instance). */
  nextCompile(): Promise<void>;
  stop(): Promise<void>;
}

function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(-child.pid, 'SIGTERM');
  return exited;
}

export async function startDevServer(
  apiUrl: string,
  env: Record<string, string> = {},
): Promise<DevServer> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [path.join(REPO_ROOT, 'node_modules/webpack-cli/bin/cli.js'), 'serve', '--mode', 'development'],
    {
      cwd: REPO_ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        ...env,
        DEV_PORT: String(port),
        API_DEV_TARGET: apiUrl,
      },
    },
  );
  let output = '';
  let waiters: (() => void)[] = [];
  const onData = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
    if (/compiled (successfully|with \d+ warnings?)/.test(chunk.toString())) {
      const ready = waiters;
      waiters = [];
      ready.forEach((resolve) => resolve());
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const nextCompile = () => new Promise<void>((resolve) => waiters.push(resolve));

  const firstCompile = nextCompile();
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`webpack serve exited ${code}:\n${output}`))),
  );
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`webpack serve did not compile in time:\n${output}`)),
      START_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([firstCompile, exited, timedOut]);
  } catch (error) {
    await stopGroup(child);
    throw error;
  } finally {
    clearTimeout(timer);
  }
  exited.catch(() => undefined);
  return { url: `http://localhost:${port}`, nextCompile, stop: () => stopGroup(child) };
}
