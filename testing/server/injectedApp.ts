// The app built on one engine's throwaway database and reached through Fastify's inject: the set-up
// of the contract-style suites that run every case on SQLite and on PostgreSQL.
import type { FastifyInstance } from 'fastify';

import { buildApp, type RunningServer, type ServerOptions, startServer } from '../../server/app';

import { ApiClient } from './client';
import { testConfig } from './config';
import type { Engine } from './engines';

export interface InjectedApp {
  app: FastifyInstance;
  api: ApiClient;
  /** Closes the app, then removes its database. */
  stop(): Promise<void>;
}

/**
 * `env` goes on top of the test configuration (links under http://localhost:8080); `options` are
 * the server's (a clock the tests move on, say).
 */
export async function injectedApp(
  engine: Engine,
  env: NodeJS.ProcessEnv = {},
  options: ServerOptions = {},
): Promise<InjectedApp> {
  const place = await engine.setUp();
  const app = await buildApp(
    testConfig(place.dataDir, { ...place.env, PUBLIC_URL: 'http://localhost:8080', ...env }),
    options,
  );
  await app.ready();
  return {
    app,
    api: ApiClient.inject(app),
    stop: async () => {
      await app.close();
      await place.tearDown();
    },
  };
}

/**
 * For a describe block: the app on `engine`, built before its tests (with `env`) and stopped
 * after them; read `app` and `api` inside the tests.
 */
export function injectedAppFor(engine: Engine, env: NodeJS.ProcessEnv = {}) {
  let running: InjectedApp | undefined;
  const started = () => {
    if (!running) throw new Error('the app is built in beforeAll');
    return running;
  };
  beforeAll(async () => {
    running = await injectedApp(engine, env);
  });
  afterAll(() => running?.stop());
  return {
    get app() {
      return started().app;
    },
    get api() {
      return started().api;
    },
  };
}

/**
 * For a describe block: a server listening on loopback on `engine`'s throwaway database, started
 * before its tests (with `env`, and the server options such as a log stream) and closed after.
 * `place` is the database's folder and environment, for a command run beside the server.
 */
export function listeningServerFor(
  engine: Engine,
  env: NodeJS.ProcessEnv = {},
  options: ServerOptions = {},
) {
  let place: Awaited<ReturnType<Engine['setUp']>> | undefined;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    place = await engine.setUp();
    server = await startServer(testConfig(place.dataDir, { ...place.env, ...env }), options);
  });
  afterAll(async () => {
    await server?.close();
    await place?.tearDown();
  });
  const started = () => {
    if (!server || !place) throw new Error('the server starts in beforeAll');
    return { server, place };
  };
  return {
    get server() {
      return started().server;
    },
    get place() {
      return started().place;
    },
  };
}
