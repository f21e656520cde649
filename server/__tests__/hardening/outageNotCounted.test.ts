// An answer that is not a decision (503: the database unavailable or out of room; 500: a failure
// nobody foresaw) never counts against a limit: the owner who pressed again and again during an
// outage gets in with the right password or code once it is over, on every store of the counters
// (SQLite, PostgreSQL, Redis). Before, a right code or password answered 503 or 500 kept the
// points it had drawn: after PostgreSQL came back the owner's right password answered 429 for
// 15 minutes. Each fault is the test's own: a PostgreSQL and a Redis it starts on ports of its own,
// a trigger that fails the decision's write, or an SQLite connection made read-only.
import fs from 'node:fs';

import { sql, type Kysely } from 'kysely';

import { API_PATHS } from '../../../contract/api';
import { OWNER_PASSWORD, uniqueEmail } from '../../../testing/server/abuse/accounts';
import { ApiClient, type Answer } from '../../../testing/server/client';
import { tempDir, testConfig } from '../../../testing/server/config';
import {
  ownPostgres,
  ownRedis,
  type OwnPostgres,
  type OwnRedis,
} from '../../../testing/server/ownServices';
import { startServer, type RunningServer } from '../../app';
import type { Database } from '../../db/schema';

/** Tries per (code, address) and per (email, address): fewer than the tries made in the fault. */
const TRIES = 3;
const IN_THE_FAULT = TRIES + 2;

interface Fault {
  name: string;
  status: number;
  on(db: Kysely<Database>): Promise<void>;
  off(db: Kysely<Database>): Promise<void>;
}

interface Setup {
  env: NodeJS.ProcessEnv;
  faults: Fault[];
  tearDown(): Promise<void>;
}

/** A trigger that fails every new session (the write of a sign-in's decision). */
function sqliteTrigger(): Fault {
  return {
    name: 'a failure nobody foresaw (500)',
    status: 500,
    on: async (db) => {
      await sql`create trigger fault before insert on sessions
        begin select raise(abort, 'injected fault'); end`.execute(db);
    },
    off: async (db) => {
      await sql`drop trigger fault`.execute(db);
    },
  };
}

function postgresTrigger(errcode: string, status: number, name: string): Fault {
  return {
    name,
    status,
    on: async (db) => {
      await sql`create or replace function fault() returns trigger language plpgsql as $$
        begin raise exception 'injected fault' using errcode = ${sql.lit(errcode)}; end $$`.execute(
        db,
      );
      await sql`create trigger fault before insert on sessions
        for each row execute function fault()`.execute(db);
    },
    off: async (db) => {
      await sql`drop trigger fault on sessions`.execute(db);
    },
  };
}

const FAULT_500 = postgresTrigger('P0001', 500, 'a failure nobody foresaw (500)');
const FULL_DISK = postgresTrigger('53100', 503, 'a full disk (503)');

function killed(database: OwnPostgres): Fault {
  return {
    name: 'PostgreSQL killed (503)',
    status: 503,
    on: () => database.kill(),
    off: () => database.start(),
  };
}

const SETUPS: Array<[string, () => Promise<Setup>]> = [
  [
    'SQLite',
    async () => ({
      env: {},
      faults: [
        {
          name: 'the database read-only (503)',
          status: 503,
          // The server's own connection: the counters' connection still writes.
          on: async (db) => {
            await sql`pragma query_only = 1`.execute(db);
          },
          off: async (db) => {
            await sql`pragma query_only = 0`.execute(db);
          },
        },
        sqliteTrigger(),
      ],
      tearDown: async () => {},
    }),
  ],
  [
    'PostgreSQL',
    async () => {
      const database = await ownPostgres();
      return {
        env: { DATABASE_URL: database.url },
        faults: [FULL_DISK, FAULT_500],
        tearDown: () => database.stop(),
      };
    },
  ],
  [
    'PostgreSQL + Redis',
    async () => {
      const [database, redis]: [OwnPostgres, OwnRedis] = await Promise.all([
        ownPostgres(),
        ownRedis(),
      ]);
      return {
        env: { DATABASE_URL: database.url, REDIS_URL: redis.url },
        faults: [killed(database), FAULT_500],
        tearDown: async () => {
          await database.stop();
          await redis.stop();
        },
      };
    },
  ],
];

describe.each(SETUPS)('answers that are not decisions, on %s', (_name, makeSetup) => {
  let setup: Setup;
  let server: RunningServer;
  let api: ApiClient;
  let dataDir: string;

  beforeAll(async () => {
    setup = await makeSetup();
    dataDir = tempDir('not-counted');
    server = await startServer(
      testConfig(dataDir, {
        ...setup.env,
        ACTIVATION_MAX_ATTEMPTS: String(TRIES),
        RATE_LIMIT_LOGIN_FAILURES_MAX: String(TRIES),
        RATE_LIMIT_SIGNUP_MAX: '1000',
      }),
    );
    api = new ApiClient(server.url);
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await setup?.tearDown();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function pending(label: string) {
    const email = uniqueEmail(label);
    await api.post(API_PATHS.signup, { name: 'Owner', email, password: OWNER_PASSWORD });
    await server.app.mail.idle();
    const { code } = await api.waitForMail(email, 1);
    return { email, code: code as string };
  }

  async function duringFault(fault: Fault, send: () => Promise<Answer>) {
    await fault.on(server.app.db);
    const statuses: number[] = [];
    try {
      for (let i = 0; i < IN_THE_FAULT; i += 1) statuses.push((await send()).status);
    } finally {
      await fault.off(server.app.db);
    }
    return statuses;
  }

  /** The first answer other than 503 once the database is back (a pool reconnects). */
  async function afterwards(send: () => Promise<Answer>): Promise<Answer> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const answer = await send();
      if (answer.status !== 503 || Date.now() > deadline) return answer;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('gives back what a right code drew, answered 503 or 500: the code works afterwards', async () => {
    for (const fault of setup.faults) {
      const { email, code } = await pending('right-code');
      const activate = () =>
        api.post(API_PATHS.verifyAccount, { email, code, password: OWNER_PASSWORD });
      const statuses = await duringFault(fault, activate);
      expect({ fault: fault.name, statuses }).toEqual({
        fault: fault.name,
        statuses: statuses.map(() => fault.status),
      });
      expect({ fault: fault.name, after: (await afterwards(activate)).status }).toEqual({
        fault: fault.name,
        after: 200,
      });
    }
  });

  it('gives back what a right password drew, answered 503 or 500: it signs in afterwards', async () => {
    for (const fault of setup.faults) {
      const { email, code } = await pending('right-password');
      await api.post(API_PATHS.verifyAccount, { email, code, password: OWNER_PASSWORD });
      const login = () => api.post(API_PATHS.login, { email, password: OWNER_PASSWORD });
      const statuses = await duringFault(fault, login);
      expect(statuses.every((status) => status >= 500)).toBe(true);
      expect({ fault: fault.name, after: (await afterwards(login)).status }).toEqual({
        fault: fault.name,
        after: 200,
      });
    }
  });
});
