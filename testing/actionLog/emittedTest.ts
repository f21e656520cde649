// A test file printed by `npm run replay -- --emit-test`, run as a developer runs a kept one: by
// Jest's app project, from a folder two levels below the repository's root (where its imports
// resolve as they do in __tests__/timeTravel/), in a child process.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { REPO_ROOT } from '../processes';

interface JestProject {
  displayName?: string;
  [option: string]: unknown;
}

export interface EmittedRun {
  /** Jest's exit code: 0 when the test passed. */
  code: number;
  /** What Jest printed (its report goes to standard error). */
  output: string;
}

/**
 * Runs `source` as `<folder>/<name>` under Jest's app project. `moduleNameMapper` adds module
 * substitutions (the app as it would be after a change); `files` are written beside the test.
 */
export async function runEmittedTest(
  source: string,
  options: {
    name?: string;
    moduleNameMapper?: Record<string, string>;
    files?: Record<string, string>;
  } = {},
): Promise<EmittedRun> {
  fs.mkdirSync(path.join(REPO_ROOT, '.tmp'), { recursive: true });
  const folder = fs.mkdtempSync(path.join(REPO_ROOT, '.tmp', 'emitted-'));
  try {
    const file = path.join(folder, options.name ?? 'kept.replay.test.tsx');
    fs.writeFileSync(file, source);
    for (const [name, text] of Object.entries(options.files ?? {})) {
      fs.writeFileSync(path.join(folder, name), text);
    }
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- Jest's own configuration file
    const { projects } = require(path.join(REPO_ROOT, 'jest.config.js')) as {
      projects: JestProject[];
    };
    const app = projects.find((project) => project.displayName === 'app')!;
    const config = {
      ...app,
      rootDir: REPO_ROOT,
      roots: [folder],
      testMatch: ['**/*.test.tsx'],
      moduleNameMapper: {
        ...(app.moduleNameMapper as Record<string, string>),
        ...options.moduleNameMapper,
      },
    };
    return await new Promise((resolve) => {
      execFile(
        process.execPath,
        [
          path.join(REPO_ROOT, 'node_modules/jest/bin/jest.js'),
          '--config',
          JSON.stringify(config),
          '--ci',
          '--colors=false',
          '--runTestsByPath',
          file,
        ],
        { cwd: REPO_ROOT, maxBuffer: 1 << 26, env: { ...process.env, FORCE_COLOR: '0' } },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
      );
    });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
