import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { loadConfig, type Config } from '../../server/config';

export function tempDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `accounts-${label}-`));
}

/** Environment for a test server: random port, cheap argon2id, quiet logs, no built app. */
export function testEnv(dataDir: string, overrides: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DIST_DIR: path.join(dataDir, 'no-dist'),
    PASSWORD_HASH_PROFILE: 'test',
    LOG_LEVEL: 'silent',
    ...overrides,
  };
}

export function testConfig(dataDir: string, overrides: NodeJS.ProcessEnv = {}): Config {
  return loadConfig(testEnv(dataDir, overrides));
}
