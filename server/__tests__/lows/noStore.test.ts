// No API answer may be kept by a browser or a proxy: many carry a session token, a code or
// personal data. Every answer under /v1/ says `Cache-Control: no-store`, successes and errors.
import { API_PATHS } from '../../../contract/api';
import { bearer } from '../../../testing/server/abuse/accounts';
import { ApiClient, type Answer } from '../../../testing/server/client';
import { sqlite } from '../../../testing/server/engines';
import { injectedApp, type InjectedApp } from '../../../testing/server/injectedApp';

const PASSWORD = 'a no-store passphrase';

let running: InjectedApp | undefined;
let api: ApiClient;

beforeAll(async () => {
  running = await injectedApp(sqlite);
  ({ api } = running);
});

afterAll(() => running?.stop());

it('sends Cache-Control: no-store on every answer that carries a token or personal data', async () => {
  const seen: Array<[string, number, string | null]> = [];
  const note = (what: string, answer: Answer) => {
    seen.push([what, answer.status, answer.headers.get('cache-control')]);
    return answer;
  };
  const email = `no-store-${Date.now()}@example.com`;
  const moved = `moved-${Date.now()}@example.com`;
  note('sign-up', await api.post(API_PATHS.signup, { name: 'N', email, password: PASSWORD }));
  const { code } = await api.waitForMail(email, 1);
  const activated = note(
    'verify-account',
    await api.post(API_PATHS.verifyAccount, { email, code, password: PASSWORD }),
  );
  const token = activated.body.token as string;
  const login = note('login', await api.post(API_PATHS.login, { email, password: PASSWORD }));
  note('verify', await api.get(API_PATHS.verify, bearer(token)));
  note('sessions', await api.get(API_PATHS.sessions, bearer(token)));
  note(
    'change-email',
    await api.post(API_PATHS.changeEmail, { password: PASSWORD, newEmail: moved }, bearer(token)),
  );
  const changeCode = (await api.waitForMail(moved, 1)).code;
  note(
    'confirm-email-change',
    await api.post(API_PATHS.confirmEmailChange, { code: changeCode }, bearer(token)),
  );
  note('request-password-reset', await api.post(API_PATHS.requestPasswordReset, { email: moved }));
  const resetCode = (await api.waitForMail(moved, 2)).code;
  note(
    'reset-password',
    await api.post(API_PATHS.resetPassword, {
      email: moved,
      code: resetCode,
      password: `${PASSWORD}!`,
    }),
  );
  note('outbox', await api.get(API_PATHS.outbox));
  note(
    'wrong login',
    await api.post(API_PATHS.login, { email: moved, password: 'wrong password' }),
  );
  note('revoked token', await api.get(API_PATHS.verify, bearer(login.body.token)));

  expect(seen).toEqual(seen.map(([what, status]) => [what, status, 'no-store']));
  expect(seen.filter(([, status]) => status < 300)).toHaveLength(10);
});
