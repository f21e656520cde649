// The sweeper on both engines: what has ended (past a grace) goes, in batches, and nothing live;
// two processes sweeping at once share the work; the server runs it on its own.
import { sql, type Kysely } from 'kysely';

import { testConfig } from '../../testing/server/config';
import { ENGINES } from '../../testing/server/engines';
import { injectedApp } from '../../testing/server/injectedApp';
import { openDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { sweep } from '../maintenance/sweep';

const NOW = 1_800_000_000;
const GRACE = 3600;
const LONG_AGO = NOW - GRACE - 1;
const WITHIN_GRACE = NOW - GRACE + 1;

async function user(db: Kysely<Database>, id: string, activated: boolean) {
  await db
    .insertInto('users')
    .values({
      id,
      email: `${id}@example.com`,
      name: id,
      password_hash: 'not-a-hash',
      activated_at: activated ? NOW - 10_000 : null,
      created_at: '2027-01-15T08:00:00.000Z',
    })
    .execute();
}

async function session(db: Kysely<Database>, tokenHash: string, userId: string, expiresAt: number) {
  await db
    .insertInto('sessions')
    .values({
      token_hash: tokenHash,
      user_id: userId,
      expires_at: expiresAt,
      created_at: NOW - 100_000,
      id: `id-${tokenHash}`,
    })
    .execute();
}

/** Every kind of row: `ended-*` past the grace, the rest live or ended within it. */
async function fill(db: Kysely<Database>) {
  await user(db, 'active', true);
  await user(db, 'pending-live', false);
  await user(db, 'pending-ended', false);
  await user(db, 'pending-recent', false);
  for (let i = 0; i < 5; i++) await session(db, `ended-${i}`, 'active', LONG_AGO - i);
  await session(db, 'grace', 'active', WITHIN_GRACE);
  await session(db, 'live', 'active', NOW + 3600);

  const code = (userId: string, expiresAt: number) => ({
    user_id: userId,
    code_hash: `hash-${userId}`,
    salt: `salt-${userId}`,
    expires_at: expiresAt,
  });
  await db
    .insertInto('activation_codes')
    .values([code('pending-live', NOW + 600), code('pending-ended', LONG_AGO)])
    .execute();
  await db
    .insertInto('account_codes')
    .values([
      { ...code('active', LONG_AGO), purpose: 'password-reset', new_email: null },
      { ...code('active', NOW + 600), purpose: 'email-change', new_email: 'new@example.com' },
    ])
    .execute();

  await db
    .insertInto('pending_logins')
    .values([
      { token_hash: 'pending-ended', user_id: 'active', expires_at: LONG_AGO },
      { token_hash: 'pending-live', user_id: 'active', expires_at: NOW + 300 },
    ])
    .execute();

  const challenge = (hash: string, expiresAt: number) => ({
    challenge_hash: hash,
    purpose: 'login' as const,
    user_id: null,
    session_hash: null,
    expires_at: expiresAt,
  });
  await db
    .insertInto('passkey_challenges')
    .values([challenge('challenge-ended', LONG_AGO), challenge('challenge-live', NOW + 300)])
    .execute();

  const registration = (id: string, userId: string, createdAt: number) => ({
    id,
    user_id: userId,
    name: id,
    password_hash: 'not-a-hash',
    created_at: createdAt,
  });
  await db
    .insertInto('registrations')
    .values([
      // Its code is live: kept, however old.
      registration('with-live-code', 'pending-live', LONG_AGO),
      // Its code has ended: nothing can use it.
      registration('ended', 'pending-ended', LONG_AGO),
      // No code (yet) but recent: kept.
      registration('recent', 'pending-recent', WITHIN_GRACE),
    ])
    .execute();

  const counter = (key: string, expire: number | null) =>
    sql`insert into rate_limits (key, points, expire) values (${key}, 1, ${expire})`.execute(db);
  await counter('login:ended', LONG_AGO * 1000);
  await counter('login:live', (NOW + 60) * 1000);
  await counter('login:forever', null);

  // Provider flows: each ends with its ten minutes, or its handoff's minute when that ends later.
  const flow = (state: string, expiresAt: number, handoffExpiresAt: number | null = null) => ({
    state_hash: state,
    browser_hash: `browser-${state}`,
    provider_id: 'work',
    intent: 'login' as const,
    expires_at: expiresAt,
    handoff_hash: handoffExpiresAt === null ? null : `handoff-${state}`,
    handoff_expires_at: handoffExpiresAt,
  });
  await db
    .insertInto('oidc_flows')
    .values([
      flow('flow-ended', LONG_AGO),
      flow('flow-handed-ended', LONG_AGO - 60, LONG_AGO),
      flow('flow-handoff-live', LONG_AGO, LONG_AGO + 60),
      flow('flow-grace', WITHIN_GRACE),
      flow('flow-live', NOW + 600),
    ])
    .execute();

  // The server's record of requests: kept 30 days past the grace, like the uploads it joins.
  const event = (id: string, time: number) => ({
    id,
    time: time * 1000,
    event: 'login',
    outcome: 'refused' as const,
    status: 401,
    address_hash: 'hash',
  });
  const thirtyDays = 30 * 24 * 3600;
  await db
    .insertInto('auth_events')
    .values([event('old', LONG_AGO - thirtyDays), event('kept', WITHIN_GRACE - thirtyDays)])
    .execute();
}

async function remaining(db: Kysely<Database>) {
  const keys = async (query: Promise<{ key: string }[]>) => (await query).map((r) => r.key).sort();
  return {
    sessions: await keys(
      db.selectFrom('sessions').select('token_hash as key').orderBy('token_hash').execute(),
    ),
    activationCodes: await keys(
      db.selectFrom('activation_codes').select('user_id as key').execute(),
    ),
    accountCodes: await keys(db.selectFrom('account_codes').select('purpose as key').execute()),
    pendingLogins: await keys(
      db.selectFrom('pending_logins').select('token_hash as key').execute(),
    ),
    passkeyChallenges: await keys(
      db.selectFrom('passkey_challenges').select('challenge_hash as key').execute(),
    ),
    registrations: await keys(db.selectFrom('registrations').select('id as key').execute()),
    rateLimits: (
      await sql<{ key: string }>`select key from rate_limits order by key`.execute(db)
    ).rows.map((r) => r.key),
    authEvents: await keys(db.selectFrom('auth_events').select('id as key').execute()),
    oidcFlows: await keys(db.selectFrom('oidc_flows').select('state_hash as key').execute()),
  };
}

describe.each(ENGINES)('sweep (%s)', (_name, engine) => {
  const opened: Kysely<Database>[] = [];
  let tearDown: () => Promise<void>;
  let open: () => Promise<Kysely<Database>>;

  beforeEach(async () => {
    const place = await engine.setUp();
    tearDown = place.tearDown;
    const config = testConfig(place.dataDir, place.env);
    open = async () => {
      const db = await openDatabase(config.database);
      opened.push(db);
      return db;
    };
    const db = await open();
    await migrateToLatest(
      db,
      config.database.kind === 'postgres' ? config.database.schema : undefined,
    );
    await fill(db);
  });

  afterEach(async () => {
    for (const db of opened.splice(0)) await db.destroy();
    await tearDown();
  });

  const KEPT = {
    sessions: ['grace', 'live'],
    activationCodes: ['pending-live'],
    accountCodes: ['email-change'],
    pendingLogins: ['pending-live'],
    passkeyChallenges: ['challenge-live'],
    registrations: ['recent', 'with-live-code'],
    rateLimits: ['login:forever', 'login:live'],
    authEvents: ['kept'],
    oidcFlows: ['flow-grace', 'flow-handoff-live', 'flow-live'],
  };

  it('deletes what ended before the grace, in batches, and keeps the rest', async () => {
    const db = opened[0]!;
    const counts = await sweep(db, { now: NOW, graceSeconds: GRACE, batch: 2 });
    expect(counts).toEqual({
      sessions: 5,
      activationCodes: 1,
      accountCodes: 1,
      pendingLogins: 1,
      passkeyChallenges: 1,
      registrations: 1,
      rateLimits: 1,
      authEvents: 1,
      oidcFlows: 2,
    });
    expect(await remaining(db)).toEqual(KEPT);
    // A second pass finds nothing.
    expect(Object.values(await sweep(db, { now: NOW, graceSeconds: GRACE, batch: 2 }))).toEqual([
      0, 0, 0, 0, 0, 0, 0, 0, 0,
    ]);
  });

  it('shares the work between two processes sweeping at once', async () => {
    const [first, second] = [opened[0]!, await open()];
    const options = { now: NOW, graceSeconds: GRACE, batch: 1 };
    const [a, b] = await Promise.all([sweep(first, options), sweep(second, options)]);
    expect(a.sessions + b.sessions).toBe(5);
    expect(a.registrations + b.registrations).toBe(1);
    expect(a.oidcFlows + b.oidcFlows).toBe(2);
    expect(await remaining(first)).toEqual(KEPT);
  });
});

describe.each(ENGINES)('the server sweeps on its own (%s)', (_name, engine) => {
  it('deletes an expired session within its interval', async () => {
    const { app, stop } = await injectedApp(engine, {
      SWEEP_INTERVAL_SECONDS: '1',
      SWEEP_GRACE_SECONDS: '0',
    });
    try {
      const now = app.clock.nowSeconds();
      await user(app.db, 'someone', true);
      await session(app.db, 'expired', 'someone', now - 1);
      await session(app.db, 'live', 'someone', now + 3600);
      const left = async () =>
        (await app.db.selectFrom('sessions').select('token_hash').execute()).map(
          (r) => r.token_hash,
        );
      // Bounded wait: the first pass comes within a second of start, then every second.
      for (let i = 0; i < 100 && (await left()).length > 1; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await left()).toEqual(['live']);
    } finally {
      await stop();
    }
  });
});
