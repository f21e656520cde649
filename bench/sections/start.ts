// Time from `npm start` (with a built dist/) to /healthz answering.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { freePort, REPO_ROOT } from '../../testing/processes';
import { ms, type Row } from '../table';

export async function benchStart(): Promise<Row[]> {
  // Untimed: `npm start` rebuilds a stale dist/, and the figure is a start from a built one.
  const built = spawnSync('node', ['scripts/build-if-stale.mjs'], {
    cwd: REPO_ROOT,
    stdio: 'ignore',
  });
  if (built.status !== 0) throw new Error('dist/ could not be built: run `npm run build`');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    },
    stdio: 'ignore',
    detached: true,
  });
  try {
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code) =>
        reject(new Error(`npm start exited with ${code} before /healthz answered`)),
      ),
    );
    exited.catch(() => undefined);
    for (;;) {
      if (child.exitCode !== null) await exited;
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (a) => a.ok,
        () => false,
      );
      if (ok) break;
      if (performance.now() - started > 60_000) throw new Error('no /healthz answer within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const elapsed = performance.now() - started;
    return [
      {
        section: 'start',
        figure: 'npm start to /healthz',
        value: ms(elapsed),
        target: '< 2 s',
        met: elapsed < 2000,
      },
    ];
  } finally {
    // npm starts a process group: end all of it, not npm alone.
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone: it exited on its own (e.g. a failed build), which the row above reports.
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
