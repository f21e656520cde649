// Runs a bench script in its own Node process and returns its one JSON line and wall time.
import { spawn } from 'node:child_process';

import { REPO_ROOT } from '../../testing/processes';

export async function runChild<T>(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ result: T; wallMs: number }> {
  const started = performance.now();
  const child = spawn(command, args, { cwd: REPO_ROOT, env: { ...process.env, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const wallMs = performance.now() - started;
  if (code !== 0) {
    const reason = stderr.trim().split('\n').pop() ?? '';
    throw new Error(`${[command, ...args].join(' ')} exited with ${code}: ${reason}`);
  }
  const last = stdout.trim().split('\n').pop() ?? '';
  return { result: (last.startsWith('{') ? JSON.parse(last) : last) as T, wallMs };
}
