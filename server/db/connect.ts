// Opens the one database the server talks to: SQLite by default, PostgreSQL with DATABASE_URL.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  sql,
  SqliteAdapter,
  SqliteDialect,
  type DatabaseIntrospector,
  type DialectAdapter,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
} from 'kysely';
import pg from 'pg';

import type { DatabaseConfig } from '../config';
import type { Database } from './schema';

const PG_INT8_OID = 20;

const STATEMENT_CACHE_SIZE = 256;

/**
 * Kysely's SQLite driver prepares every query anew, which costs more than running it on the hot
 * verify path; better-sqlite3 statements are reusable, so one is kept per SQL text.
 */
function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  // SQLite ends a transaction by itself when a write fails for lack of space (SQLITE_FULL) or
  // an I/O error; Kysely's ROLLBACK would then fail with "cannot rollback - no transaction is
  // active" and hide the real error. The rollback is skipped when there is nothing to roll back.
  const rollback = database.prepare('rollback');
  const rollbackIfOpen = {
    reader: false,
    run: () => (database.inTransaction ? rollback.run() : { changes: 0, lastInsertRowid: 0 }),
  } as unknown as SQLite.Statement;
  return {
    close: () => database.close(),
    prepare(text) {
      if (text === 'rollback') return rollbackIfOpen;
      // The mail thread writes this file on a connection of its own. A deferred transaction that
      // reads and then writes would fail (SQLITE_BUSY_SNAPSHOT) when the other connection
      // committed in between; an immediate one takes the write lock first, waiting for the other's
      // up to busy_timeout.
      if (text === 'begin') text = 'begin immediate';
      let statement = statements.get(text);
      if (!statement) {
        statement = database.prepare(text);
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          statements.delete(statements.keys().next().value as string);
        }
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

const sqliteConnections = new WeakMap<Kysely<Database>, SQLite.Database>();

/**
 * SQLite runs DDL in transactions, but Kysely's adapter says it does not, so its migrator would
 * run each migration outside one: two processes starting on a new data directory then applied
 * the same migration twice. Said as it is, the migrations run in one `begin immediate`
 * transaction (see withStatementCache), which holds SQLite's write lock: the migration lock.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class SqliteDialectWithTransactionalDdl extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/** How long a statement waits for another connection's write lock before it fails. */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/**
 * The better-sqlite3 connection under a SQLite database, for a statement that must skip Kysely's
 * driver (its connection lock and the promises around each query), or undefined on PostgreSQL.
 */
export function sqliteConnectionOf(db: Kysely<Database>): SQLite.Database | undefined {
  return sqliteConnections.get(db);
}

function openSqlite({
  file,
  mmapBytes = 0,
  cacheBytes = 2 * 1024 * 1024,
}: Extract<DatabaseConfig, { kind: 'sqlite' }>): Kysely<Database> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new SQLite(file);
  // First: switching a new file to WAL waits for a process that opened it at the same moment.
  database.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  // Deleted rows are overwritten, not left in free pages: a sent mail's code or a revoked
  // session's hash does not stay in the file.
  database.pragma('secure_delete = ON');
  // A negative cache_size is in KiB.
  database.pragma(`cache_size = ${-Math.floor(cacheBytes / 1024)}`);
  database.pragma(`mmap_size = ${mmapBytes}`);
  const db = new Kysely<Database>({
    dialect: new SqliteDialectWithTransactionalDdl({ database: withStatementCache(database) }),
  });
  sqliteConnections.set(db, database);
  return db;
}

/** How often the checkpoint thread copies the WAL into the database file. */
const CHECKPOINT_MS = 1000;
/**
 * WAL pages past which the request thread's connection checkpoints by itself (SQLite's default is
 * 1000): only when the checkpoint thread has fallen that far behind, or stopped.
 */
const FALLBACK_CHECKPOINT_PAGES = 10_000;

// Plain JavaScript, run as is in a thread of its own: its jobs need nothing of the server's. Its
// connection is set as the request thread's is for writing (openSqlite).
const CHECKPOINT_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = NORMAL');
db.pragma('secure_delete = ON');
db.pragma('foreign_keys = ON');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Retried on the next tick; past the fallback, the server's own connection checkpoints.
  }
}, workerData.everyMs);
const statements = new Map();
parentPort.on('message', (message) => {
  if (message === 'stop') {
    clearInterval(timer);
    db.close();
    parentPort.close();
    return;
  }
  const { id, text, rows } = message;
  try {
    let statement = statements.get(text);
    if (!statement) {
      statement = db.prepare(text);
      statements.set(text, statement);
    }
    db.transaction(() => {
      for (const row of rows) statement.run(...row);
    })();
    parentPort.postMessage({ id });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message) });
  }
});
`;

/** Runs one statement once per row, in one transaction, on the checkpoint thread's connection. */
export type BackgroundWrite = (text: string, rows: unknown[][]) => Promise<void>;

const backgroundWrites = new WeakMap<Kysely<Database>, BackgroundWrite>();

/**
 * How to write on the checkpoint thread while it runs (SQLite only), or undefined: then the
 * caller writes on its own connection. For writes nothing waits for and that may be lost with the
 * process, such as a session's last use.
 */
export function backgroundWriteOf(db: Kysely<Database>): BackgroundWrite | undefined {
  return backgroundWrites.get(db);
}

/**
 * Copies the SQLite WAL into the database file from another thread, about once a second, instead
 * of on the request thread at every thousandth page written. A checkpoint mostly waits for the
 * disk (its writes, then an fsync): at a million sessions, with a new session on every request,
 * the checkpoints after the uses' writes took more of the request thread than the writes
 * themselves (`bench/README.md`, scale). PASSIVE: it never waits for, nor holds up, a reader or a
 * writer. The same thread runs the writes given to `backgroundWriteOf`: on a million sessions,
 * each use written is a page of its own, and they cost the request thread about an eighth of its
 * time. Returns how to stop it (before the database closes, after the last background write was
 * given); nothing to do on PostgreSQL.
 */
export function checkpointElsewhere(db: Kysely<Database>): () => Promise<void> {
  const database = sqliteConnections.get(db);
  if (!database || database.memory) return async () => {};
  database.pragma(`wal_autocheckpoint = ${FALLBACK_CHECKPOINT_PAGES}`);
  const thread = new Worker(CHECKPOINT_THREAD, {
    eval: true,
    workerData: {
      driver: require.resolve('better-sqlite3'),
      file: database.name,
      everyMs: CHECKPOINT_MS,
    },
  });
  // A server that forgot to close is not kept alive by it; if it fails, the fallback remains.
  thread.unref();
  thread.on('error', () => {});
  const waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let stopping = false;
  thread.on('message', ({ id, error }: { id: number; error?: string }) => {
    const write = waiting.get(id);
    waiting.delete(id);
    // Held only while a write is under way, so that whoever awaits it hears the answer.
    if (waiting.size === 0 && !stopping) thread.unref();
    if (error === undefined) write?.resolve();
    else write?.reject(new Error(error));
  });
  const exited = new Promise<void>((resolve) =>
    thread.once('exit', () => {
      backgroundWrites.delete(db);
      for (const write of waiting.values()) write.reject(new Error('the checkpoint thread ended'));
      waiting.clear();
      resolve();
    }),
  );
  backgroundWrites.set(
    db,
    (text, rows) =>
      new Promise<void>((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { resolve, reject });
        thread.ref();
        thread.postMessage({ id, text, rows });
      }),
  );
  return async () => {
    backgroundWrites.delete(db);
    stopping = true;
    // Held while it stops: unreferenced, the process could end before the thread's exit is
    // heard, and whatever awaits the server's close (a test, the bench's table) would never run.
    thread.ref();
    thread.postMessage('stop');
    await exited;
  };
}

type OnLostConnection = (error: Error) => void;

const statementNames = new Map<string, string>();

/** A name per SQL text, so PostgreSQL parses and plans each statement once per connection. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `k${createHash('sha1').update(text).digest('base64url')}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Kysely sends every query unnamed, so PostgreSQL parses and plans it each time. Queries with
 * parameters go out as pg named queries instead: prepared once per connection, then only bound
 * and run, which is most of the verify call's database time. (Kysely has no option for this;
 * the pool it is given is wrapped instead.)
 */
function withNamedStatements(pool: pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      return {
        query: ((text: unknown, parameters?: readonly unknown[]) =>
          typeof text === 'string' && parameters && parameters.length > 0
            ? client.query({ name: statementName(text), text, values: [...parameters] })
            : client.query(
                text as string,
                parameters as unknown[],
              )) as unknown as PostgresPoolClient['query'],
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
    // Kysely cancels a running query through a second client made with the pool's options.
    Client: pg.Client,
    options: pool.options,
  };
}

/**
 * The tables of one schema, by name: all Kysely's migrator asks. Kysely's own PostgreSQL
 * introspection reads every column of every table in the database and looks each schema up by
 * name, so a schema another session drops meanwhile failed a start ("schema … does not exist"),
 * and a table of the migrator's name in another schema counted as this server's.
 */
class SchemaIntrospector implements DatabaseIntrospector {
  constructor(
    private readonly db: Kysely<unknown>,
    private readonly schema: string | undefined,
  ) {}

  async getSchemas() {
    const { rows } = await sql<{
      name: string;
    }>`select nspname as name from pg_catalog.pg_namespace`.execute(this.db);
    return rows;
  }

  async getTables() {
    const schema = this.schema === undefined ? sql`current_schema()` : sql`${this.schema}`;
    const { rows } = await sql<{ schema: string; name: string; kind: string }>`
      select n.nspname as schema, c.relname as name, c.relkind as kind
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'v', 'p', 'f') and n.nspname = ${schema}`.execute(this.db);
    return rows.map((row) => ({
      name: row.name,
      schema: row.schema,
      isView: row.kind === 'v',
      isForeign: row.kind === 'f',
      columns: [],
    }));
  }
}

class PostgresDialectOfSchema extends PostgresDialect {
  constructor(
    config: ConstructorParameters<typeof PostgresDialect>[0],
    private readonly schema: string | undefined,
  ) {
    super(config);
  }

  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SchemaIntrospector(db, this.schema);
  }
}

function openPostgres(
  { url, schema, poolSize = 10 }: Extract<DatabaseConfig, { kind: 'postgres' }>,
  onLostConnection: OnLostConnection,
): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // A database that cannot be reached fails the request soon, rather than holding it.
    connectionTimeoutMillis: 5000,
    options: schema ? `-c search_path=${schema}` : undefined,
    // Unix-second timestamps are bigint columns; they fit a JS number comfortably.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8_OID
          ? Number
          : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection that dies (server restart, network cut) must not crash the process; the
  // pool replaces it on the next query.
  pool.on('error', onLostConnection);
  // A connection lost while in use already fails its query; the client's own error event must not
  // also crash the process.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({
    dialect: new PostgresDialectOfSchema({ pool: withNamedStatements(pool) }, schema),
  });
  pools.set(db, pool);
  return db;
}

const pools = new WeakMap<Kysely<Database>, pg.Pool>();

/** The PostgreSQL pool's connections (for the metrics); undefined on SQLite. */
export function poolUse(
  db: Kysely<Database>,
): { total: number; idle: number; waiting: number } | undefined {
  const pool = pools.get(db);
  return pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

/**
 * Opens the database; nothing is created on PostgreSQL (a missing schema is created by the
 * migrations, under their lock: db/migrate.ts).
 */
export async function openDatabase(
  config: DatabaseConfig,
  onLostConnection: OnLostConnection = () => {},
): Promise<Kysely<Database>> {
  if (config.kind === 'sqlite') return openSqlite(config);
  return openPostgres(config, onLostConnection);
}
