// A real server on loopback for an attack: on SQLite (the embedded default), on PostgreSQL with
// its counters in Redis, or on PostgreSQL alone.
import { startServer, type RunningServer } from '../../../server/app';
import { testConfig } from '../config';
import { postgres, sqlite, type Engine } from '../engines';
import { deleteRedisPrefix, REDIS_URL, requireRedis, testRedisPrefix } from '../redis';
import { visitorClients } from './fromAddress';

export interface AbuseSetup {
  name: string;
  /** Starts a server; every server started by one setup shares its database and counters. */
  start(env?: NodeJS.ProcessEnv): Promise<RunningServer>;
  tearDown(): Promise<void>;
}

export type AbuseEngine = [string, () => Promise<AbuseSetup>];

async function setUp(name: string, engine: Engine, withRedis: boolean): Promise<AbuseSetup> {
  const place = await engine.setUp();
  const prefix = testRedisPrefix();
  if (withRedis) await requireRedis();
  const redisEnv = withRedis ? { REDIS_URL, REDIS_PREFIX: prefix } : {};
  const servers: RunningServer[] = [];
  return {
    name,
    async start(env = {}) {
      const config = testConfig(place.dataDir, { ...place.env, ...redisEnv, ...env });
      const server = await startServer(config);
      servers.push(server);
      // Closing one (a restart) takes it off the list that tearDown closes.
      return {
        ...server,
        close: async () => {
          servers.splice(servers.indexOf(server), 1);
          await server.close();
        },
      };
    },
    async tearDown() {
      for (const server of servers) await server.close();
      if (withRedis) await deleteRedisPrefix(prefix);
      await place.tearDown();
    },
  };
}

export const ABUSE_ENGINES: AbuseEngine[] = [
  ['SQLite', () => setUp('SQLite', sqlite, false)],
  ['PostgreSQL + Redis', () => setUp('PostgreSQL + Redis', postgres, true)],
];

/** The limits' three stores: SQLite, PostgreSQL alone, Redis. */
export const COUNTER_ENGINES: AbuseEngine[] = [
  ...ABUSE_ENGINES,
  ['PostgreSQL', () => setUp('PostgreSQL', postgres, false)],
];

/**
 * For a describe block: before its tests, a setup of `makeSetup` and its first server (started
 * with `env`, or what `env()` gives then); after them, every client closed and the setup torn
 * down. `from(n)` is a client from visitor address n.
 */
export function serverUnderAttack(
  makeSetup: () => Promise<AbuseSetup>,
  env: NodeJS.ProcessEnv | (() => NodeJS.ProcessEnv) = {},
) {
  let setup: AbuseSetup | undefined;
  let server: RunningServer | undefined;
  const running = () => {
    if (!server || !setup) throw new Error('the server starts in beforeAll');
    return { setup, server };
  };
  const clients = visitorClients(() => running().server.url);
  beforeAll(async () => {
    setup = await makeSetup();
    server = await setup.start(typeof env === 'function' ? env() : env);
  });
  afterAll(async () => {
    clients.closeAll();
    await setup?.tearDown();
  });
  return {
    from: clients.from,
    get setup() {
      return running().setup;
    },
    get server() {
      return running().server;
    },
    /** Stops the server and starts another on the same database and counters. */
    async restart(restartEnv: NodeJS.ProcessEnv = {}) {
      await running().server.close();
      server = await running().setup.start(restartEnv);
    },
  };
}
