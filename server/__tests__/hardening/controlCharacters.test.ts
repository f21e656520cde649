// Control characters in what a client sends to be stored. PostgreSQL refuses U+0000 in text, so a
// name holding one used to be taken (201) and then fail in the mail job forever, and a passkey
// name holding one answered 500. Every text a client sends that is stored is now refused at the
// schema when it holds a control character (VALIDATION, nothing changed), or, where it is someone
// else's data (an uploaded log's strings, a User-Agent), stored with its control characters
// written as visible escapes.
import { API_PATHS } from '../../../contract/api';
import {
  activatedSession,
  bearer,
  confirmSession,
  uniqueEmail,
} from '../../../testing/server/abuse/accounts';
import { tinyLog } from '../../../testing/server/actionLogs';
import { SoftAuthenticator } from '../../../testing/server/authenticator';
import { ENGINES, type Engine } from '../../../testing/server/engines';
import { injectedAppFor } from '../../../testing/server/injectedApp';

const ORIGIN = 'http://localhost:8080';

/** Names a person never types, each holding one kind of control character. */
const HOSTILE_NAMES = [
  'Dara\u0000',
  'Da\u0000ra',
  'Dara\u0007',
  'Da\nra',
  'Da\tra',
  'Da\rra',
  'Dara\u001b[31m',
  'Dara\u007f',
  'Dara\u0085',
  'Da\u2028ra',
  'Dara\u202e',
  'Dara\u2066',
  'Dara\ud800',
];

describe.each(ENGINES)('control characters on %s', (_name, engine: Engine) => {
  const running = injectedAppFor(engine, {
    PUBLIC_URL: ORIGIN,
    RATE_LIMIT_SIGNUP_MAX: '1000',
    PASSWORD_HASH_QUEUE: '1000',
  });

  /** What a refused request must leave as it was. */
  async function stored() {
    const { db } = running.app;
    const [users, registrations, mail, passkeys] = await Promise.all([
      db.selectFrom('users').select(['id', 'name']).orderBy('id').execute(),
      db.selectFrom('registrations').select(['id', 'name']).orderBy('id').execute(),
      db.selectFrom('mail_queue').select(['id', 'payload']).orderBy('id').execute(),
      db.selectFrom('passkeys').select(['id', 'name']).orderBy('id').execute(),
    ]);
    return JSON.stringify({ users, registrations, mail, passkeys });
  }

  it.each(HOSTILE_NAMES.map((name) => [JSON.stringify(name), name]))(
    'refuses a sign-up named %s: VALIDATION, nothing stored',
    async (_shown, name) => {
      await running.app.mail.idle();
      const before = await stored();
      const answer = await running.api.post(API_PATHS.signup, {
        name,
        email: uniqueEmail('control'),
        password: 'correct horse battery',
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        code: 'VALIDATION',
        fields: { name: 'INVALID_CHARACTERS' },
      });
      expect(await stored()).toBe(before);
    },
  );

  it('takes a name in any script, with the joiners emoji and Khmer use', async () => {
    const email = uniqueEmail('script');
    const answer = await running.api.post(API_PATHS.signup, {
      name: 'សុខ\u200bដារា 👩\u200d💻 Zoë',
      email,
      password: 'correct horse battery',
    });
    expect(answer.status).toBe(201);
    await running.api.waitForMail(email, 1);
  });

  it('refuses a passkey named with a control character, added or renamed', async () => {
    const { api } = running;
    const { token } = await activatedSession(api, uniqueEmail('passkey-name'));
    await confirmSession(api, token);
    const authenticator = new SoftAuthenticator(ORIGIN);
    const options = async () =>
      (await api.post(API_PATHS.passkeyRegistrationOptions, undefined, bearer(token))).body.options;
    await running.app.mail.idle();
    const before = await stored();
    for (const name of HOSTILE_NAMES) {
      const response = authenticator.register(await options());
      const added = await api.post(API_PATHS.addPasskey, { response, name }, bearer(token));
      expect(added.status).toBe(400);
      expect(added.body).toMatchObject({ fields: { name: 'INVALID_CHARACTERS' } });
    }
    expect(await stored()).toBe(before);

    const response = authenticator.register(await options());
    const added = await api.post(API_PATHS.addPasskey, { response, name: 'Key' }, bearer(token));
    expect(added.status).toBe(201);
    const path = `${API_PATHS.passkeys}/${encodeURIComponent(added.body.passkey.id)}`;
    await running.app.mail.idle();
    const withKey = await stored();
    for (const name of HOSTILE_NAMES) {
      const renamed = await api.request('PATCH', path, { body: { name }, headers: bearer(token) });
      expect(renamed.status).toBe(400);
      expect(renamed.body).toMatchObject({ fields: { name: 'INVALID_CHARACTERS' } });
    }
    expect(await stored()).toBe(withKey);
  });

  it("stores an uploaded log's hostile strings with their control characters escaped", async () => {
    const log = JSON.parse(
      tinyLog({
        type: 'router/locationChanged',
        payload: { location: { pathname: '/\u0000\u001b[2J\u202e' } },
      }),
    );
    log.actionLog.app = 'accounts-app@1.0.0\u0000';
    log.preloadedState = JSON.stringify({
      locale: { current: 'en\u0000' },
      auth: { user: { id: 'someone\u0000' } },
    });
    const answer = await running.api.post(API_PATHS.actionLogs, log);
    expect(answer.status).toBe(201);
    const row = await running.app.db
      .selectFrom('action_logs')
      .select(['last_path', 'app_version', 'locale', 'summary'])
      .where('reference', '=', answer.body.reference)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      last_path: '/\\u0000\\u001b[2J\\u202e',
      app_version: '1.0.0\\u0000',
      locale: 'en\\u0000',
    });
    expect(JSON.parse(row.summary ?? '{}').userIds).toEqual([]);
  });

  it("stores a session's User-Agent with its control characters escaped", async () => {
    const email = uniqueEmail('agent');
    const { token } = await activatedSession(running.api, email);
    const agent = 'Phone \u0085\u009b2J';
    const login = await running.api.request('POST', API_PATHS.login, {
      body: { email, password: 'the owner knows this one' },
      headers: { 'user-agent': Buffer.from(agent, 'latin1').toString('latin1') },
    });
    expect(login.status).toBe(200);
    const sessions = await running.api.get(API_PATHS.sessions, bearer(token));
    const agents = sessions.body.sessions.map((s: { userAgent: string }) => s.userAgent);
    expect(agents).toContain('Phone \\u0085\\u009b2J');
  });
});
