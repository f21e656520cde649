// A mail job that can never succeed: its data refused by the database (a name holding U+0000, as
// one stored before names refused control characters), or a payload its kind cannot run. It used
// to be retried forever, and /healthz named the mail queue on every process for good. It is now
// tried a bounded number of times, then set aside: kept, counted and listed for an operator,
// never claimed again, and not a failing mail queue; the mail behind it still leaves.
import type { Kysely } from 'kysely';

import { API_PATHS } from '../../../contract/api';
import { ENGINES, type Engine } from '../../../testing/server/engines';
import { injectedAppFor } from '../../../testing/server/injectedApp';
import type { Database } from '../../db/schema';
import { countSetAsideMail, listSetAsideMail } from '../../repo/mail-queue';

/** Tries before a row whose failures are not passing ones is set aside (as configured here). */
const BOUND = 2;

async function until<T>(what: string, check: () => Promise<T | undefined>, ms = 20_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let stored = 0;
/** A row as an older server version, or a hand-written insert, may have left it. */
async function storeRow(db: Kysely<Database>, kind: string, payload: unknown): Promise<string> {
  const now = Date.now();
  stored += 1;
  const id = `${String(now).padStart(15, '0')}-${String(stored).padStart(6, '0')}-set-aside`;
  await db
    .insertInto('mail_queue')
    .values({
      id,
      kind,
      payload: JSON.stringify(payload),
      attempts: 0,
      available_at: now,
      created_at: now,
      last_error: null,
    })
    .execute();
  return id;
}

const signupPayload = (email: string, name: string) => ({
  name,
  email,
  passwordHash: '$argon2id$v=19$m=1024,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
  language: 'en',
});

describe.each(ENGINES)('a mail job that can never succeed on %s', (name, engine: Engine) => {
  const running = injectedAppFor(engine, {
    MAIL_SET_ASIDE_AFTER_ATTEMPTS: String(BOUND),
    MAIL_POLL_MS: '50',
    RATE_LIMIT_SIGNUP_MAX: '1000',
  });
  const ids: string[] = [];

  beforeAll(async () => {
    const { db } = running.app;
    // A payload its kind's schema refuses, and a kind no handler knows.
    ids.push(await storeRow(db, 'signup', { email: 42 }));
    ids.push(await storeRow(db, 'no-such-kind', {}));
    // PostgreSQL refuses U+0000 in text: the job's insert of the account fails on every try.
    if (name === 'PostgreSQL')
      ids.push(await storeRow(db, 'signup', signupPayload('nul@example.com', 'Nul\u0000')));
    running.app.mail.kick();
  });

  const rowsOf = () =>
    running.app.db
      .selectFrom('mail_queue')
      .select(['id', 'attempts'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();

  it(`tries each at most ${BOUND} times, then no more`, async () => {
    await until('every row tried to the bound', async () => {
      const rows = await rowsOf();
      return rows.every((row) => row.attempts >= BOUND) ? rows : undefined;
    });
    // Several polls later, none was claimed again.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const rows = await rowsOf();
    expect(rows.map((row) => row.attempts)).toEqual(ids.map(() => BOUND));
  });

  it('keeps them, counted and listed for an operator, without their payload', async () => {
    const { db } = running.app;
    expect(await countSetAsideMail(db)).toBe(ids.length);
    const listed = await listSetAsideMail(db, 10);
    expect(listed.map((row) => row.id).sort()).toEqual([...ids].sort());
    for (const row of listed) {
      expect(row).toMatchObject({ attempts: BOUND, reason: expect.any(String) });
      expect(row.setAsideAt).toBeGreaterThanOrEqual(row.createdAt);
      expect(row).not.toHaveProperty('payload');
      expect(JSON.stringify(row)).not.toContain('$argon2id');
    }
    expect(listed.find((row) => row.kind === 'no-such-kind')?.reason).toContain('no-such-kind');
  });

  it('does not report the mail queue as failing', async () => {
    const health = await running.api.get(API_PATHS.health);
    expect(health.status).toBe(200);
    expect(await running.app.mail.failing()).toBe(false);
  });

  it('still delivers the mail that comes after them', async () => {
    const email = `after-${name.toLowerCase()}@example.com`;
    const answer = await running.api.post(API_PATHS.signup, {
      name: 'After',
      email,
      password: 'correct horse battery',
    });
    expect(answer.status).toBe(201);
    expect((await running.api.waitForMail(email, 1)).code).toMatch(/^\d{6}$/);
  });
});
