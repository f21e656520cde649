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

/**
 * Runs a command (its output dropped) and returns its wall time and the processor time it and
 * its children used (user + system, from the shell's `times`): on a machine others share, the
 * processor time is the figure that does not grow with their load.
 */
export async function timedChild(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ wallMs: number; cpuMs: number }> {
  const { result, wallMs } = await runChild<string>(
    'sh',
    ['-c', '"$@" > /dev/null || exit 1; times', 'sh', command, ...args],
    env,
  );
  // The last line of `times`: the children's user and system time, `0m1.230s 0m0.450s`.
  const seconds = [...result.matchAll(/(\d+)m([\d.]+)s/g)].map(
    ([, minutes, rest]) => Number(minutes) * 60 + Number(rest),
  );
  return { wallMs, cpuMs: Math.round(((seconds[0] ?? 0) + (seconds[1] ?? 0)) * 1000) };
}
