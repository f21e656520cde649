// The two database engines every contract test runs against, each in its own throwaway place.
import fs from 'node:fs';

import { tempDir } from './config';
import { createTestSchema, dropTestSchema, POSTGRES_URL } from './postgres';

export interface Engine {
  name: string;
  /** Creates the database location; returns its environment and how to remove it. */
  setUp(): Promise<{ dataDir: string; env: NodeJS.ProcessEnv; tearDown(): Promise<void> }>;
}

export const sqlite: Engine = {
  name: 'SQLite',
  async setUp() {
    const dataDir = tempDir('sqlite');
    return {
      dataDir,
      env: {},
      tearDown: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  },
};

export const postgres: Engine = {
  name: 'PostgreSQL',
  async setUp() {
    const schema = await createTestSchema();
    const dataDir = tempDir('pg');
    return {
      dataDir,
      env: { DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: schema },
      tearDown: async () => {
        await dropTestSchema(schema);
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
};

export const ENGINES: [string, Engine][] = [
  [sqlite.name, sqlite],
  [postgres.name, postgres],
];
