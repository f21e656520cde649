// A login flood from many addresses: hashing runs a fixed number at a time with a short queue,
// the surplus is shed with 503 + Retry-After, and the app and verify keep answering meanwhile.
import fs from 'node:fs';
import path from 'node:path';
import { API_PATHS } from '../../../contract/api';
import { ABUSE_ENGINES, serverUnderAttack } from '../../../testing/server/abuse/abuseServer';
import {
  activatedAccount,
  OWNER_PASSWORD,
  uniqueEmail,
} from '../../../testing/server/abuse/accounts';
import { tally } from '../../../testing/server/abuse/attack';
import { tempDir } from '../../../testing/server/config';

const FLOOD = 48;

describe.each(ABUSE_ENGINES)('login flood on %s', (_name, makeSetup) => {
  let distDir: string;
  beforeAll(() => {
    distDir = tempDir('flood-dist');
    fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>app</title>');
  });
  const attack = serverUnderAttack(makeSetup, () => ({
    DIST_DIR: distDir,
    PASSWORD_HASH_PROFILE: 'owasp',
    PASSWORD_HASH_CONCURRENCY: '1',
    PASSWORD_HASH_QUEUE: '4',
  }));
  const { from } = attack;

  afterAll(() => {
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it('sheds what it cannot hash with 503 + Retry-After, and serves the app meanwhile', async () => {
    const email = uniqueEmail('flooded');
    const owner = from(1);
    await activatedAccount(owner, email);
    const login = await owner.post(API_PATHS.login, { email, password: OWNER_PASSWORD });
    const token = login.body.token as string;

    let floodDone = false;
    const flood = Promise.all(
      Array.from({ length: FLOOD }, (_, i) =>
        from(10 + i).post(API_PATHS.login, {
          email: uniqueEmail(`flood-${i}`),
          password: 'a guess',
        }),
      ),
    ).finally(() => {
      floodDone = true;
    });
    // A navigation, as a browser sends it: only those get the app's page.
    const page = await owner.request('GET', '/login', undefined, { accept: 'text/html' });
    const verify = await from(2).request('GET', API_PATHS.verify, undefined, {
      authorization: `Bearer ${token}`,
    });
    const answeredDuringFlood = !floodDone;
    const answers = await flood;

    expect(answeredDuringFlood).toBe(true);
    expect(page.status).toBe(200);
    expect(verify.status).toBe(200);
    const counts = tally(answers);
    expect(Object.keys(counts).sort()).toEqual(['401', '503']);
    expect(counts[401]).toBeGreaterThanOrEqual(5);
    for (const answer of answers.filter((a) => a.status === 503)) {
      expect(answer.headers.get('retry-after')).toBe('1');
      expect(answer.body).toMatchObject({ error: true, code: 'SERVICE_UNAVAILABLE' });
    }
  });
});
