// The suite serves the production build; it builds one only when none exists.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { REPO_ROOT } from '../processes';

import { DIST_DIR, IS_DEFAULT_DIST_DIR } from './paths';

const LOCK_DIR = path.join(os.tmpdir(), `accounts-e2e-build-${path.basename(REPO_ROOT)}.lock`);
const BUILD_TIMEOUT_MS = 110_000;

function builtAppExists(): boolean {
  return fs.existsSync(path.join(DIST_DIR, 'index.html'));
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Builds `dist/` when missing; parallel test files wait for the one that builds. */
export function ensureBuiltApp(): void {
  if (!IS_DEFAULT_DIST_DIR && !builtAppExists()) {
    throw new Error(`DIST_DIR=${DIST_DIR} holds no index.html.`);
  }
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  while (!builtAppExists()) {
    try {
      fs.mkdirSync(LOCK_DIR);
    } catch {
      if (Date.now() > deadline) throw new Error(`Waited too long for ${LOCK_DIR} to go away.`);
      sleep(500);
      continue;
    }
    try {
      if (!builtAppExists()) {
        execFileSync('npx', ['webpack', '--mode', 'production'], {
          cwd: REPO_ROOT,
          stdio: 'inherit',
          timeout: BUILD_TIMEOUT_MS,
        });
      }
    } finally {
      fs.rmdirSync(LOCK_DIR);
    }
  }
}
