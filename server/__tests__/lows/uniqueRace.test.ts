// Two accounts confirming the same new address at the same moment: the unique index on emails
// decides, one answers 200 and the other 400 INVALID_CODE (as when the address was taken
// before), never 500. On both engines; PostgreSQL is where the two transactions truly overlap.
import { API_PATHS } from '../../../contract/api';
import { activatedAccount, bearer, uniqueEmail } from '../../../testing/server/abuse/accounts';
import { testConfig } from '../../../testing/server/config';
import { ENGINES, type Engine } from '../../../testing/server/engines';
import { injectedAppFor } from '../../../testing/server/injectedApp';
import { buildApp } from '../../app';
import { isUniqueViolation } from '../../db/unique';

const PASSWORD = 'a unique race passphrase';

describe.each(ENGINES)('unique-key races on %s', (_name, engine: Engine) => {
  const running = injectedAppFor(engine, {
    RATE_LIMIT_SIGNUP_MAX: '1000',
  });

  const account = () => activatedAccount(running.api, uniqueEmail('race'), PASSWORD);

  it('answers one 200 and one 400 when two accounts confirm the same address at once', async () => {
    for (let round = 0; round < 4; round += 1) {
      const target = uniqueEmail('wanted');
      const tokens = [await account(), await account()];
      const codes: string[] = [];
      for (const token of tokens) {
        const asked = await running.api.post(
          API_PATHS.changeEmail,
          { password: PASSWORD, newEmail: target },
          bearer(token),
        );
        expect(asked.status).toBe(202);
        codes.push((await running.api.waitForMail(target, codes.length + 1)).code ?? '');
      }
      const answers = await Promise.all(
        tokens.map((token, i) =>
          running.api.post(API_PATHS.confirmEmailChange, { code: codes[i] }, bearer(token)),
        ),
      );
      const outcome = answers.map((a) => [a.status, a.body.code ?? 'ok']).sort();
      expect(outcome).toEqual([
        [200, 'ok'],
        [400, 'INVALID_CODE'],
      ]);
      const owners = await running.app.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', target)
        .execute();
      expect(owners).toHaveLength(1);
    }
  });
});

it('answers any other request that loses a unique-key race 400 BAD_REQUEST, not 500', async () => {
  const place = await ENGINES[0]![1].setUp();
  const app = await buildApp(testConfig(place.dataDir));
  try {
    // A route whose write loses such a race, on either engine.
    for (const code of ['23505', 'SQLITE_CONSTRAINT_UNIQUE']) {
      app.get(`/v1/api/race-${code}`, async () => {
        throw Object.assign(new Error('duplicate key value violates unique constraint'), { code });
      });
    }
    await app.ready();
    for (const code of ['23505', 'SQLITE_CONSTRAINT_UNIQUE']) {
      const answer = await app.inject({ method: 'GET', url: `/v1/api/race-${code}` });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ error: true, code: 'BAD_REQUEST' });
      expect(answer.body).not.toContain('duplicate key');
    }
  } finally {
    await app.close();
    await place.tearDown();
  }
});

it('reads a unique violation the same way from both engines', () => {
  expect(isUniqueViolation(Object.assign(new Error('dup'), { code: '23505' }))).toBe(true);
  expect(
    isUniqueViolation(Object.assign(new Error('dup'), { code: 'SQLITE_CONSTRAINT_UNIQUE' })),
  ).toBe(true);
  expect(isUniqueViolation(Object.assign(new Error('fk'), { code: '23503' }))).toBe(false);
  expect(isUniqueViolation(new Error('plain'))).toBe(false);
  expect(isUniqueViolation(undefined)).toBe(false);
});
