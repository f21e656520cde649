// Every way a password is chosen refuses one that is easy to guess (contract/password-strength.ts)
// with the contract's field code: sign-up (`password`), activation with a password chosen with the
// code (`newPassword`), a reset (`password`) and a change (`newPassword`). A refused password
// leaves a mailed code as it was and costs it no try. On SQLite and on PostgreSQL.
import { API_PATHS } from '../../contract/api';
import { ENGINES, type Engine } from '../../testing/server/engines';
import { injectedAppFor } from '../../testing/server/injectedApp';

const PASSWORD = 'river of blue mangoes';

describe.each(ENGINES)('password strength on %s', (_name, engine: Engine) => {
  const running = injectedAppFor(engine, {
    APP_NAME: 'Angkor',
    RATE_LIMIT_SIGNUP_MAX: '1000',
    // Two wrong tries of a code from one address: a refused password must not be one.
    ACTIVATION_MAX_ATTEMPTS: '2',
  });

  let count = 0;
  const newEmail = () => `sokha.chan.${++count}.${Date.now()}@example.com`;
  const fields = (answer: { status: number; body: { fields?: unknown } }) => [
    answer.status,
    answer.body.fields,
  ];

  it.each([
    ['aaaaaaaa', 'REPETITIVE_PASSWORD'],
    ['12345678', 'SEQUENTIAL_PASSWORD'],
    ['abcdefgh', 'SEQUENTIAL_PASSWORD'],
    ['password1', 'COMMON_PASSWORD'],
    ['Sokha2024', 'PERSONAL_PASSWORD'],
    ['chan.sokha!', 'PERSONAL_PASSWORD'],
    ['Angkor2024', 'PERSONAL_PASSWORD'],
  ])('refuses the sign-up password %j as %s', async (password, reason) => {
    const answer = await running.api.post(API_PATHS.signup, {
      name: 'Sokha Chan',
      email: newEmail(),
      password,
    });
    expect(fields(answer)).toEqual([400, { password: reason }]);
  });

  async function signedUp(email: string) {
    const answer = await running.api.post(API_PATHS.signup, {
      name: 'Sokha Chan',
      email,
      password: PASSWORD,
    });
    expect(answer.status).toBe(201);
    return (await running.api.waitForMail(email, 1)).code as string;
  }

  it('refuses a weak password chosen with the activation code, and keeps the code', async () => {
    const email = newEmail();
    const code = await signedUp(email);
    for (const [newPassword, reason] of [
      ['sokhachan', 'PERSONAL_PASSWORD'],
      ['zxcvbnm,./', 'SEQUENTIAL_PASSWORD'],
      ['11111111', 'REPETITIVE_PASSWORD'],
    ]) {
      const weak = await running.api.post(API_PATHS.verifyAccount, { email, code, newPassword });
      expect(fields(weak)).toEqual([400, { newPassword: reason }]);
    }
    const chosen = await running.api.post(API_PATHS.verifyAccount, {
      email,
      code,
      newPassword: 'mangoes by the river',
    });
    expect(chosen.status).toBe(200);
  });

  it('refuses a weak new password in a reset and in a change, with the account name', async () => {
    const email = newEmail();
    const code = await signedUp(email);
    const activated = await running.api.post(API_PATHS.verifyAccount, {
      email,
      code,
      password: PASSWORD,
    });
    expect(activated.status).toBe(200);
    const bearer = { authorization: `Bearer ${activated.body.token as string}` };

    const changed = await running.api.post(
      API_PATHS.changePassword,
      { currentPassword: PASSWORD, newPassword: 'Sokha Chan 1' },
      bearer,
    );
    expect(fields(changed)).toEqual([400, { newPassword: 'PERSONAL_PASSWORD' }]);

    expect((await running.api.post(API_PATHS.requestPasswordReset, { email })).status).toBe(202);
    const resetCode = (await running.api.waitForMail(email, 2)).code as string;
    for (const password of ['chansokha', '98765432', 'zzzzzzzzzz']) {
      const weak = await running.api.post(API_PATHS.resetPassword, {
        email,
        code: resetCode,
        password,
      });
      expect(weak.status).toBe(400);
      expect(weak.body.code).toBe('VALIDATION');
    }
    const reset = await running.api.post(API_PATHS.resetPassword, {
      email,
      code: resetCode,
      password: 'mangoes by the river',
    });
    expect(reset.status).toBe(200);
  });
});
