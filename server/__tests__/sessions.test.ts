// The session store's lookup verify runs on every navigation, on both engines: it finds a live session
// with its user, and never answers from another request's uncommitted writes.
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';

import { sql, type Kysely } from 'kysely';

import { testConfig } from '../../testing/server/config';
import { ENGINES, sqlite } from '../../testing/server/engines';
import { addAda, migratedPostgres } from '../../testing/server/rows';
import { hashSessionToken } from '../auth/secrets';
import { createSession, endSession } from '../auth/session-queries';
import { openSessionStore, type SessionStore } from '../auth/session-store';
import { SessionUses } from '../auth/session-uses';
import { checkpointElsewhere, openDatabase, sqliteConnectionOf } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';

const NOW = 1_800_000_000;
const TOKEN_HASH = hashSessionToken('a-session-token');

/** Ada, activated, with one live session (TOKEN_HASH, public id s1) for another hour. */
async function addAdaWithSession(db: Kysely<Database>): Promise<void> {
  await addAda(db, NOW - 100);
  await createSession(db, {
    tokenHash: TOKEN_HASH,
    userId: 'u1',
    expiresAt: NOW + 3600,
    now: NOW - 10,
    id: 's1',
    userAgent: 'test',
    keepAtMost: 50,
  });
}

describe.each(ENGINES)('the session store (%s)', (name, engine) => {
  let db: Kysely<Database>;
  let sessions: SessionStore;
  let tearDown: () => Promise<void>;

  beforeEach(async () => {
    const place = await engine.setUp();
    tearDown = place.tearDown;
    const config = testConfig(place.dataDir, place.env);
    db = await openDatabase(config.database);
    await migrateToLatest(
      db,
      config.database.kind === 'postgres' ? config.database.schema : undefined,
    );
    await addAdaWithSession(db);
    sessions = await openSessionStore(db, { touchIntervalSeconds: 60 });
  });

  afterEach(async () => {
    await sessions.close();
    await db.destroy();
    await tearDown();
  });

  it('finds a live session with its user, and nothing for an expired or unknown one', async () => {
    expect(await sessions.find(TOKEN_HASH, NOW)).toEqual({
      id: 'u1',
      name: 'Ada',
      email: 'ada@example.com',
      created_at: '2027-01-15T08:00:00.000Z',
      expires_at: NOW + 3600,
      last_used_at: NOW - 10,
      // PostgreSQL says where it read the row (its ctid), for the write of the session's use.
      ...(name === 'PostgreSQL' && { row_at: expect.stringMatching(/^\(\d+,\d+\)$/) }),
    });
    expect(await sessions.find(TOKEN_HASH, NOW + 3600)).toBeUndefined();
    expect(await sessions.find(hashSessionToken('another-token'), NOW)).toBeUndefined();
  });

  it('does not see a revocation that is rolled back', async () => {
    let during: Promise<unknown> | undefined;
    const transaction = db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sessions').where('token_hash', '=', TOKEN_HASH).execute();
      // A verify arrives while the revocation is written but not committed.
      during = sessions.find(TOKEN_HASH, NOW);
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error('the request failed after revoking');
    });
    await expect(transaction).rejects.toThrow('the request failed after revoking');
    expect(await during).toMatchObject({ id: 'u1', expires_at: NOW + 3600 });
  });

  it('records a use at most once an interval, lists it at once and writes it with a flush', async () => {
    const stored = async () =>
      (
        await db
          .selectFrom('sessions')
          .select('last_used_at')
          .where('token_hash', '=', TOKEN_HASH)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    const session = { tokenHash: TOKEN_HASH, lastUsedAt: NOW - 10 };
    // Within the interval: nothing to record.
    sessions.recordUse(session, NOW);
    await sessions.flushUses();
    expect(await stored()).toBe(NOW - 10);
    // Past it: this process's list shows the use before the database does.
    sessions.recordUse(session, NOW + 60);
    expect((await sessions.list('u1', NOW + 60))[0]?.last_used_at).toBe(NOW + 60);
    expect(await stored()).toBe(NOW - 10);
    await sessions.flushUses();
    expect(await stored()).toBe(NOW + 60);
    // An older use never moves it back.
    sessions.recordUse({ tokenHash: TOKEN_HASH, lastUsedAt: NOW - 30 }, NOW + 30);
    await sessions.flushUses();
    expect(await stored()).toBe(NOW + 60);
  });

  it('answers many lookups at once each with its own session, none that ended before it was asked', async () => {
    // More than one batch's worth, over two users: every third revoked, every fifth ending
    // between the earliest and the latest clock of the lookups.
    const count = 1200;
    const hash = (i: number) => hashSessionToken(`token-${i}`);
    await db
      .insertInto('users')
      .values({
        id: 'u2',
        email: 'grace@example.com',
        name: 'Grace',
        password_hash: 'not-a-hash',
        activated_at: NOW - 100,
        created_at: '2027-01-16T08:00:00.000Z',
      })
      .execute();
    for (let start = 0; start < count; start += 200) {
      await db
        .insertInto('sessions')
        .values(
          Array.from({ length: 200 }, (_, k) => {
            const i = start + k;
            return {
              token_hash: hash(i),
              user_id: i % 2 === 0 ? 'u1' : 'u2',
              expires_at: i % 5 === 0 ? NOW + 5 : NOW + 3600,
              created_at: NOW - 10,
              id: `s-${i}`,
              last_used_at: NOW - i,
              user_agent: 'test',
            };
          }),
        )
        .execute();
    }
    for (let i = 0; i < count; i += 3) await endSession(db, hash(i), NOW);
    const clock = (i: number) => NOW + (i % 10);
    // Where each row is: PostgreSQL's answer gives every caller its own row's address.
    const rowAt = new Map<string, string>();
    if (name === 'PostgreSQL') {
      const { rows } = await sql<{
        token_hash: string;
        row_at: string;
      }>`select token_hash, ctid::text as row_at from sessions`.execute(db);
      for (const row of rows) rowAt.set(row.token_hash, row.row_at);
    }
    const answers = await Promise.all(
      Array.from({ length: count }, (_, i) => sessions.find(hash(i), clock(i))),
    );
    answers.forEach((answer, i) => {
      const ended = i % 3 === 0 || (i % 5 === 0 && clock(i) >= NOW + 5);
      expect([i, answer]).toEqual([
        i,
        ended
          ? undefined
          : {
              id: i % 2 === 0 ? 'u1' : 'u2',
              name: i % 2 === 0 ? 'Ada' : 'Grace',
              email: i % 2 === 0 ? 'ada@example.com' : 'grace@example.com',
              created_at: i % 2 === 0 ? '2027-01-15T08:00:00.000Z' : '2027-01-16T08:00:00.000Z',
              expires_at: i % 5 === 0 ? NOW + 5 : NOW + 3600,
              last_used_at: NOW - i,
              ...(name === 'PostgreSQL' && { row_at: rowAt.get(hash(i)) }),
            },
      ]);
    });
    // A session ended while other lookups are waiting or under way: asked after, never found.
    const before = Array.from({ length: 100 }, (_, k) => sessions.find(hash(3 * k + 1), NOW));
    expect(await endSession(db, hash(1), NOW)).toBe(true);
    const after = sessions.find(hash(1), NOW);
    await Promise.all(before);
    expect(await after).toBeUndefined();
    expect(await sessions.find(hash(2), NOW)).toMatchObject({ id: 'u1' });
  });

  it('drops the use of a session revoked before the flush', async () => {
    sessions.recordUse({ tokenHash: TOKEN_HASH, lastUsedAt: NOW - 10 }, NOW + 60);
    await db.deleteFrom('sessions').where('token_hash', '=', TOKEN_HASH).execute();
    await sessions.flushUses();
    expect(await db.selectFrom('sessions').selectAll().execute()).toEqual([]);
  });
});

describe('the uses waiting to be written', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('writes a batch the moment it fills, and the rest with the next batch or within a second', async () => {
    const statements: number[] = [];
    const uses = new SessionUses(async (batch) => {
      statements.push(batch.length);
    }, 100);
    // A burst of verifies: 130 sessions used before the next timer can run.
    for (let i = 0; i < 130; i++) uses.record(`hash-${i}`, NOW);
    await jest.advanceTimersByTimeAsync(10);
    expect(statements).toEqual([100]);
    expect(uses.unwritten('hash-129')).toBe(NOW);
    await jest.advanceTimersByTimeAsync(1000);
    expect(statements).toEqual([100, 30]);
    expect(uses.unwritten('hash-129')).toBeUndefined();
  });
});

describe('a SQLite file written from several threads', () => {
  it('lets a transaction that reads, then writes, commit when another connection wrote in between', async () => {
    const place = await sqlite.setUp();
    const config = testConfig(place.dataDir, place.env);
    const db = await openDatabase(config.database);
    try {
      await migrateToLatest(db, undefined);
      await addAdaWithSession(db);
      // The mail thread writes the same file on its own connection, at any moment between two
      // statements of the request thread's transaction.
      const file = config.database.kind === 'sqlite' ? config.database.file : '';
      const thread = new Worker(
        `const { parentPort, workerData } = require('node:worker_threads');
        const db = new (require(workerData.driver))(workerData.file);
        db.pragma('busy_timeout = 5000');
        const update = db.prepare('update sessions set last_used_at = ? where token_hash = ?');
        parentPort.once('message', () => {
          update.run(...workerData.row);
          parentPort.postMessage('written');
        });`,
        {
          eval: true,
          workerData: {
            file,
            driver: require.resolve('better-sqlite3'),
            row: [NOW, TOKEN_HASH],
          },
        },
      );
      const written = new Promise((resolve) => thread.once('message', resolve));
      try {
        await db.transaction().execute(async (trx) => {
          await trx.selectFrom('sessions').select('id').execute();
          thread.postMessage('go');
          // The other write is done now, or waits for this transaction to end.
          await Promise.race([written, new Promise((resolve) => setTimeout(resolve, 300))]);
          await trx.updateTable('users').set({ name: 'Ada L.' }).where('id', '=', 'u1').execute();
        });
        expect(await written).toBe('written');
      } finally {
        await thread.terminate();
      }
      const session = await db.selectFrom('sessions').select('last_used_at').executeTakeFirst();
      expect(session?.last_used_at).toBe(NOW);
      const user = await db.selectFrom('users').select('name').executeTakeFirstOrThrow();
      expect(user.name).toBe('Ada L.');
    } finally {
      await db.destroy();
      await place.tearDown();
    }
  });
});

describe('the SQLite checkpoint thread', () => {
  it('copies what the request thread wrote into the database file, and stops with it', async () => {
    const place = await sqlite.setUp();
    const config = testConfig(place.dataDir, place.env);
    const db = await openDatabase(config.database);
    const file = config.database.kind === 'sqlite' ? config.database.file : '';
    const stop = checkpointElsewhere(db);
    try {
      await migrateToLatest(db, undefined);
      await sql`create table filler (text text)`.execute(db);
      // Until the thread has copied the migrations: the file's size holds over a checkpoint's time.
      let before = -1;
      while (fs.statSync(file).size !== before) {
        before = fs.statSync(file).size;
        await new Promise((resolve) => setTimeout(resolve, 1500));
      }
      // About 6 MiB: past the 1000 pages at which a connection checkpoints by default, short of
      // the request thread's own connection's fallback, so only the thread copies them.
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < 600; i++) {
          await sql`insert into filler (text) values (${'x'.repeat(10_000)})`.execute(trx);
        }
      });
      expect(fs.statSync(file).size).toBe(before);
      for (let i = 0; i < 60 && fs.statSync(file).size < before + 5_000_000; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(fs.statSync(file).size).toBeGreaterThan(before + 5_000_000);
    } finally {
      await stop();
      await db.destroy();
      await place.tearDown();
    }
  });
  it('writes the uses verify saw on its own connection, while the request thread reads', async () => {
    const place = await sqlite.setUp();
    const config = testConfig(place.dataDir, place.env);
    const db = await openDatabase(config.database);
    const stop = checkpointElsewhere(db);
    const connection = sqliteConnectionOf(db)!;
    const stored = () =>
      (
        connection
          .prepare('select last_used_at from sessions where token_hash = ?')
          .get(TOKEN_HASH) as { last_used_at: number }
      ).last_used_at;
    try {
      await migrateToLatest(db, undefined);
      await addAdaWithSession(db);
      const sessions = await openSessionStore(db, { touchIntervalSeconds: 60 });
      // The request thread's connection sits in a read transaction: a write on it would join
      // that transaction, so only another connection can write the use now.
      connection.prepare('begin').run();
      expect(stored()).toBe(NOW - 10);
      sessions.recordUse({ tokenHash: TOKEN_HASH, lastUsedAt: NOW - 10 }, NOW + 60);
      const flushed = sessions.flushUses();
      // Given to the thread and not yet written: still what the list shows.
      expect((await sessions.list('u1', NOW + 60))[0]?.last_used_at).toBe(NOW + 60);
      await flushed;
      expect(stored()).toBe(NOW - 10);
      connection.prepare('commit').run();
      expect(stored()).toBe(NOW + 60);
      await sessions.close();
    } finally {
      if (connection.inTransaction) connection.prepare('rollback').run();
      await stop();
      await db.destroy();
      await place.tearDown();
    }
  });
});

/** A migrated PostgreSQL schema of its own, with Ada and her session. */
async function postgresWithAda() {
  const place = await migratedPostgres();
  await addAdaWithSession(place.db);
  return place;
}

describe('live sessions kept in memory (PostgreSQL)', () => {
  let db: Kysely<Database>;
  let schema: string;
  let tearDown: () => Promise<void>;
  let sessions: SessionStore;

  beforeEach(async () => {
    const place = await postgresWithAda();
    ({ db, schema, tearDown } = place);
    sessions = await openSessionStore(db, {
      cache: { database: place.database, size: 10 },
      touchIntervalSeconds: 60,
    });
  });

  afterEach(async () => {
    await sessions.close();
    await db.destroy();
    await tearDown();
  });

  /** Until the notification of a change made just before has arrived. */
  async function until(check: () => Promise<boolean>) {
    for (let i = 0; i < 100 && !(await check()); i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('answers from memory, and forgets a session once the database says it ended', async () => {
    // Kept from its second read on.
    expect(await sessions.find(TOKEN_HASH, NOW)).toMatchObject({ id: 'u1' });
    expect(await sessions.find(TOKEN_HASH, NOW)).toMatchObject({ id: 'u1' });
    // Deleted without its notification: still answered, so from memory.
    await sql`alter table sessions disable trigger sessions_ended`.execute(db);
    await db.deleteFrom('sessions').execute();
    await sql`alter table sessions enable trigger sessions_ended`.execute(db);
    expect(await sessions.find(TOKEN_HASH, NOW)).toMatchObject({ id: 'u1' });
    // Not past its end, though.
    expect(await sessions.find(TOKEN_HASH, NOW + 3600)).toBeUndefined();
    // A notification, as a deletion's trigger sends it, drops it.
    await sql`select pg_notify('accounts_sessions', ${`${schema} s ${TOKEN_HASH}`})`.execute(db);
    await until(async () => (await sessions.find(TOKEN_HASH, NOW)) === undefined);
    expect(await sessions.find(TOKEN_HASH, NOW)).toBeUndefined();
  });

  it('keeps a session read only once out of memory', async () => {
    expect(await sessions.find(TOKEN_HASH, NOW)).toMatchObject({ id: 'u1' });
    await sql`alter table sessions disable trigger sessions_ended`.execute(db);
    await db.deleteFrom('sessions').execute();
    await sql`alter table sessions enable trigger sessions_ended`.execute(db);
    expect(await sessions.find(TOKEN_HASH, NOW)).toBeUndefined();
  });

  it("shows a user's new name once the update is notified", async () => {
    expect(await sessions.find(TOKEN_HASH, NOW)).toMatchObject({ name: 'Ada' });
    expect(await sessions.find(TOKEN_HASH, NOW)).toMatchObject({ name: 'Ada' });
    await db.updateTable('users').set({ name: 'Ada L.' }).where('id', '=', 'u1').execute();
    await until(async () => (await sessions.find(TOKEN_HASH, NOW))?.name === 'Ada L.');
    expect(await sessions.find(TOKEN_HASH, NOW)).toMatchObject({ name: 'Ada L.' });
  });
});

describe('the session key on PostgreSQL', () => {
  let db: Kysely<Database>;
  let sessions: SessionStore;
  let schema: string;
  let tearDown: () => Promise<void>;

  beforeEach(async () => {
    ({ db, schema, tearDown } = await postgresWithAda());
    sessions = await openSessionStore(db, { touchIntervalSeconds: 60 });
  });

  afterEach(async () => {
    await sessions.close();
    await db.destroy();
    await tearDown();
  });

  const keyCollation = async () =>
    (
      await sql<{ collation: string | null }>`select collation_name as collation
        from information_schema.columns
        where table_schema = ${schema} and table_name = 'sessions' and column_name = 'token_hash'`.execute(
        db,
      )
    ).rows[0]?.collation;

  it('compares keys as bytes, and the batched lookup still goes through the key', async () => {
    expect(await keyCollation()).toBe('C');
    const plan = await sql<{ 'QUERY PLAN': string }>`explain select token_hash from sessions
      where token_hash = any(${[TOKEN_HASH, hashSessionToken('another')]}::text[])`.execute(db);
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('sessions_pkey');
    expect(await sessions.find(TOKEN_HASH, NOW)).toMatchObject({ id: 'u1' });
  });

  it('writes a use where the lookup read the row, and by the key where that row is gone', async () => {
    const other = hashSessionToken('another-session-token');
    await createSession(db, {
      tokenHash: other,
      userId: 'u1',
      expiresAt: NOW + 3600,
      now: NOW - 10,
      id: 's2',
      userAgent: 'test',
      keepAtMost: 50,
    });
    const lastUsed = async () =>
      Object.fromEntries(
        (await db.selectFrom('sessions').select(['id', 'last_used_at']).execute()).map((row) => [
          row.id,
          row.last_used_at,
        ]),
      );
    const use = async (tokenHash: string, rowAt: string | undefined, at: number) => {
      sessions.recordUse({ tokenHash, lastUsedAt: NOW - 10, rowAt }, at);
      await sessions.flushUses();
    };
    const found = await sessions.find(TOKEN_HASH, NOW);
    const foundOther = await sessions.find(other, NOW);
    expect(found?.row_at).toMatch(/^\(\d+,\d+\)$/);
    expect(foundOther?.row_at).not.toBe(found?.row_at);

    // Where it was read.
    await use(other, foundOther?.row_at, NOW + 60);
    expect(await lastUsed()).toEqual({ s1: NOW - 10, s2: NOW + 60 });
    // Moved since (any update moves a row): by the key.
    await db.updateTable('sessions').set({ user_agent: 'moved' }).where('id', '=', 's1').execute();
    await use(TOKEN_HASH, found?.row_at, NOW + 120);
    expect(await lastUsed()).toEqual({ s1: NOW + 120, s2: NOW + 60 });
    // The place now holds another session's row: that one is left as it was.
    const now = await sessions.find(other, NOW);
    await use(TOKEN_HASH, now?.row_at, NOW + 180);
    expect(await lastUsed()).toEqual({ s1: NOW + 180, s2: NOW + 60 });
  });
});
