// The server's commands besides serving, run with the server's own environment (the same
// DATABASE_URL or DATA_DIR, the same keys): `migrate [--dry-run]`, `backup FILE`, `keys rotate` and
// `operator grant|revoke EMAIL | list`.
// `npm run migrate|backup|keys -- …` runs them through the compiled server, as
// `node build/server.js <command> …` does on a deployed tree.
import fs from 'node:fs';
import path from 'node:path';

import SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';

import { replaceSealedSecret, storedSecretsAfter } from '../auth/second-factor-queries';
import { loadKeyRing, openSecret, sealedWith, sealSecret, type KeyRing } from '../auth/secrets';
import type { Config } from '../config';
import { openDatabase } from '../db/connect';
import { migrateToLatest, MIGRATION_NAMES, pendingMigrations } from '../db/migrate';
import type { Database } from '../db/schema';
import { operatorCommand } from './operators';

export const USAGE =
  'Usage: node build/server.js [migrate [--dry-run] | backup FILE | keys rotate | operator grant EMAIL | operator revoke EMAIL | operator list] (no command: serve)';

type Print = (line: string) => void;

export interface CommandIo {
  out: Print;
  err: Print;
}

const schemaOf = (config: Config) =>
  config.database.kind === 'postgres' ? config.database.schema : undefined;

async function withDatabase<T>(config: Config, work: (db: Kysely<Database>) => Promise<T>) {
  const db = await openDatabase(config.database);
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

function listed(names: string[]): string {
  return names.map((name) => `  ${name}`).join('\n');
}

/** `migrate`: applies what is pending, under the lock a start takes; `--dry-run` only lists it. */
async function migrate(config: Config, args: string[], io: CommandIo): Promise<number> {
  const dryRun = args.includes('--dry-run');
  const newSqlite = config.database.kind === 'sqlite' && !fs.existsSync(config.database.file);
  if (dryRun) {
    // Opening a SQLite file that is not there would make it: nothing is, so everything is pending.
    const pending = newSqlite
      ? MIGRATION_NAMES
      : await withDatabase(config, (db) => pendingMigrations(db, schemaOf(config)));
    if (pending.length === 0) {
      io.out(`Nothing to migrate: the database has all ${MIGRATION_NAMES.length} migrations.`);
    } else {
      io.out(`${pending.length} pending (dry run: nothing applied):\n${listed(pending)}`);
    }
    return 0;
  }
  const applied = await withDatabase(config, (db) => migrateToLatest(db, schemaOf(config)));
  io.out(
    applied.length === 0
      ? `Nothing to migrate: the database has all ${MIGRATION_NAMES.length} migrations.`
      : `Applied ${applied.length}:\n${listed(applied)}`,
  );
  return 0;
}

/**
 * `backup FILE`: a consistent copy of the SQLite database taken through SQLite's online backup
 * API while servers keep writing (a copy of the files of a WAL database may be torn), checked
 * before it is called done. PostgreSQL is backed up with its own tools.
 */
async function backup(config: Config, args: string[], io: CommandIo): Promise<number> {
  const [target] = args;
  if (config.database.kind === 'postgres') {
    io.err(
      'The database is PostgreSQL: back it up with pg_dump (server/README.md, "Backups and restores").',
    );
    return 1;
  }
  if (!target) {
    io.err('Name the backup file: npm run backup -- FILE');
    return 2;
  }
  const file = path.resolve(target);
  if (!fs.existsSync(config.database.file)) {
    io.err(`There is no database at ${config.database.file} (check DATA_DIR).`);
    return 1;
  }
  // Made first, only readable by its owner (it holds password hashes and the database's own key),
  // and never over an existing file.
  try {
    fs.writeFileSync(file, '', { flag: 'wx', mode: 0o600 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    io.err(
      code === 'EEXIST'
        ? `${file} exists already: name a new file.`
        : `Cannot write ${file} (${code ?? String(error)}).`,
    );
    return 1;
  }
  const source = new SQLite(config.database.file, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    // All pages in one step, under one read transaction: a consistent copy, and a writer in WAL
    // mode never waits for it (in small steps, each write between them restarts the copy).
    await source.backup(file, { progress: () => 0x7fffffff });
  } catch (error) {
    fs.rmSync(file, { force: true });
    io.err(`The backup failed: ${String(error)}`);
    return 1;
  } finally {
    source.close();
  }
  const copy = new SQLite(file, { fileMustExist: true });
  try {
    // One self-contained file (the copy came in WAL mode, which keeps two files beside it); the
    // server turns WAL on again when it opens it.
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') {
      io.err(`The backup in ${file} does not check out (${String(check)}): take another.`);
      return 1;
    }
  } finally {
    copy.close();
  }
  const mib = (fs.statSync(file).size / 2 ** 20).toFixed(1);
  io.out(`Backed up ${config.database.file} to ${file} (${mib} MiB, checked).`);
  return 0;
}

/** Each stored secret not sealed under the newest key, sealed anew under it. */
async function rotateSecrets(db: Kysely<Database>, ring: KeyRing) {
  const newest = ring[0]!.id;
  const counts = { resealed: 0, already: 0, unreadable: 0 };
  for (let after = ''; ;) {
    const rows = await storedSecretsAfter(db, after, 500);
    if (rows.length === 0) return counts;
    after = rows.at(-1)!.user_id;
    for (const { user_id: userId, secret: stored } of rows) {
      if (sealedWith(stored) === newest) {
        counts.already += 1;
        continue;
      }
      let secret: string;
      try {
        secret = openSecret(ring, userId, stored);
      } catch {
        counts.unreadable += 1;
        continue;
      }
      const sealed = sealSecret(ring, userId, secret);
      if (await replaceSealedSecret(db, userId, stored, sealed)) counts.resealed += 1;
    }
  }
}

/** `keys rotate`: every stored secret sealed under the newest key of SECRET_KEYS. */
async function keys(config: Config, args: string[], io: CommandIo): Promise<number> {
  if (args[0] !== 'rotate') {
    io.err('Usage: npm run keys -- rotate (re-encrypts every stored secret under the newest key)');
    return 2;
  }
  return withDatabase(config, async (db) => {
    const ring = await loadKeyRing(db, config.secretKeys);
    const { resealed, already, unreadable } = await rotateSecrets(db, ring);
    io.out(`${resealed} secrets re-encrypted under key "${ring[0]!.id}", ${already} already were.`);
    if (unreadable === 0) {
      if (ring.length > 1) io.out('No secret needs the older keys now: they may leave the ring.');
      return 0;
    }
    io.err(
      `${unreadable} secrets open with no key of the ring: add the key they were sealed with to SECRET_KEYS and run this again (without it, those accounts sign in with a recovery code).`,
    );
    return 1;
  });
}

/** `operator grant EMAIL | revoke EMAIL | list` (maintenance/operators.ts). */
async function operator(config: Config, args: string[], io: CommandIo): Promise<number> {
  return withDatabase(config, async (db) => {
    if ((await pendingMigrations(db, schemaOf(config))).length > 0) {
      io.err('The database is behind this server: run npm run migrate first.');
      return 1;
    }
    return operatorCommand(db, args, io, Math.floor(Date.now() / 1000));
  });
}

const COMMANDS = { migrate, backup, keys, operator };

/** Runs the command `args` names; resolves with the process's exit code. */
export async function runCommand(config: Config, args: string[], io: CommandIo): Promise<number> {
  const [name = '', ...rest] = args;
  if (!Object.hasOwn(COMMANDS, name)) {
    io.err(USAGE);
    return 2;
  }
  return COMMANDS[name as keyof typeof COMMANDS](config, rest, io);
}
