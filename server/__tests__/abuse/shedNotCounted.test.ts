// A request the server sheds before its check (every hashing slot busy: 503 + Retry-After) is
// not a guess: whatever limit it drew from gets the point back, whichever route drew it. Before,
// only the login gave its points back: a visitor pressing again on a busy server (a setup asked
// twice at once, say) spent the session's password checks with requests never checked, and was
// locked out with the right password.
import fs from 'node:fs';
import path from 'node:path';

import { API_PATHS } from '../../../contract/api';
import { ABUSE_ENGINES, serverUnderAttack } from '../../../testing/server/abuse/abuseServer';
import {
  activatedSession,
  bearer,
  OWNER_PASSWORD,
  uniqueEmail,
} from '../../../testing/server/abuse/accounts';
import { tally } from '../../../testing/server/abuse/attack';
import type { Answer } from '../../../testing/server/client';
import { tempDir } from '../../../testing/server/config';

/** The checks a session, an address and an email get per window: fewer than the shed requests. */
const CHECKS = 3;
/** Pairs sent at once: with one hashing slot and no queue, one of each pair is shed. */
const PAIRS = 8;

async function inPairs(send: () => Promise<Answer>): Promise<Record<number, number>> {
  const answers: Answer[] = [];
  for (let i = 0; i < PAIRS; i++) answers.push(...(await Promise.all([send(), send()])));
  return tally(answers);
}

describe.each(ABUSE_ENGINES)('requests shed before their check on %s', (_name, makeSetup) => {
  let distDir: string;
  beforeAll(() => {
    distDir = tempDir('shed-dist');
    fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>app</title>');
  });
  afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));
  const { from } = serverUnderAttack(makeSetup, () => ({
    DIST_DIR: distDir,
    PASSWORD_HASH_PROFILE: 'owasp',
    PASSWORD_HASH_CONCURRENCY: '1',
    PASSWORD_HASH_QUEUE: '0',
    RATE_LIMIT_LOGIN_FAILURES_MAX: String(CHECKS),
    RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS_MAX: String(CHECKS),
    RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL_MAX: String(CHECKS),
  }));

  it('gives back what a password confirmation drew when it was shed', async () => {
    const owner = from(1);
    const { token } = await activatedSession(owner, uniqueEmail('busy-setup'));
    const counts = await inPairs(() =>
      owner.post(API_PATHS.startSecondFactor, { password: OWNER_PASSWORD }, bearer(token)),
    );
    expect(counts[503]).toBeGreaterThan(CHECKS);
    expect(counts[429]).toBeUndefined();
    // The shed ones spent nothing: a wrong password is still checked, not refused as too many.
    const wrong = await owner.post(
      API_PATHS.startSecondFactor,
      { password: 'not the password' },
      bearer(token),
    );
    expect(wrong.status).toBe(400);
  });

  it('gives back what a login drew when it was shed', async () => {
    const owner = from(2);
    const email = uniqueEmail('busy-login');
    await activatedSession(owner, email);
    const counts = await inPairs(() =>
      owner.post(API_PATHS.login, { email, password: OWNER_PASSWORD }),
    );
    expect(counts[503]).toBeGreaterThan(CHECKS);
    expect(counts[429]).toBeUndefined();
    const wrong = await owner.post(API_PATHS.login, { email, password: 'a wrong guess' });
    expect(wrong.status).toBe(401);
  });
});
