// A server for hostile-input suites: limits raised so that every request reaches validation,
// one activated account so that the login and verify paths meet a real user.
import fs from 'node:fs';
import path from 'node:path';

import type { Kysely } from 'kysely';

import { API_PATHS } from '../../../contract/api';
import { startServer, type RunningServer } from '../../../server/app';
import { openDatabase } from '../../../server/db/connect';
import type { Database } from '../../../server/db/schema';
import { ApiClient } from '../client';
import { testConfig } from '../config';
import type { Engine } from '../engines';

export const ACCOUNT = {
  name: 'Dara',
  email: 'dara@example.com',
  password: 'correct horse battery',
};

export interface HostileServer {
  server: RunningServer;
  api: ApiClient;
  db: Kysely<Database>;
  token: string;
  close(): Promise<void>;
}

export async function hostileServer(engine: Engine): Promise<HostileServer> {
  const place = await engine.setUp();
  // A built app shell, so that paths outside the API meet the production fallback.
  const distDir = path.join(place.dataDir, 'dist');
  fs.mkdirSync(distDir);
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  const config = testConfig(place.dataDir, {
    ...place.env,
    DIST_DIR: distDir,
    RATE_LIMIT_SIGNUP_MAX: '1000000',
    RATE_LIMIT_LOGIN_FAILURES_MAX: '1000000',
  });
  const server = await startServer(config);
  const db = await openDatabase(config.database);
  const api = new ApiClient(server.url);
  await api.post(API_PATHS.signup, ACCOUNT);
  const { code } = await api.waitForMail(ACCOUNT.email, 1);
  const activated = await api.post(API_PATHS.verifyAccount, {
    email: ACCOUNT.email,
    code,
    password: ACCOUNT.password,
  });
  return {
    server,
    api,
    db,
    token: activated.body.token,
    close: async () => {
      await db.destroy();
      await server.close();
      await place.tearDown();
    },
  };
}
