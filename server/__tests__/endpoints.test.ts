// Route modules answer the contract's endpoint table: each endpoint has exactly its handler, and a
// list of modules that leaves one out does not compile (checked by `npm run typecheck`).
import type { FastifyPluginAsync } from 'fastify';

import {
  endpoints,
  ENDPOINT_NAMES,
  SECRET_FIELDS,
  type EndpointName,
} from '../../contract/endpoints';
import loginRoutes from '../../features/login/login-routes.server';
import sessionRoutes from '../../features/login/session-routes.server';
import { activatedAccount, bearer, uniqueEmail } from '../../testing/server/abuse/accounts';
import { sqlite } from '../../testing/server/engines';
import { injectedApp } from '../../testing/server/injectedApp';
import { answerEveryEndpoint } from '../http/endpoints';

it('refuses, at compile time, a list of route modules that leaves an endpoint unanswered', () => {
  // @ts-expect-error verify, logout and the others have no handler here
  const some = answerEveryEndpoint([loginRoutes, sessionRoutes]);
  expect(some).toEqual([loginRoutes, sessionRoutes]);
  const plain: FastifyPluginAsync = async () => undefined;
  // @ts-expect-error a plugin not made by defineRoutes answers nothing
  answerEveryEndpoint([plain]);
});

it('names as secret only fields of the endpoint bodies, and every password and code field', () => {
  for (const name of ENDPOINT_NAMES) {
    const spec = endpoints[name];
    const secret: readonly string[] = 'secret' in spec ? spec.secret : [];
    const body = 'body' in spec ? spec.body : undefined;
    // An object schema, or a pipe that starts with one.
    const object = (body && 'pipe' in body ? body.pipe[0] : body) as
      { entries?: object } | undefined;
    const fields = Object.keys(object?.entries ?? {});
    expect([name, secret.filter((field) => !fields.includes(field))]).toEqual([name, []]);
    const secretByName = fields.filter((field) => /password|code|token/i.test(field));
    expect([name, secretByName.filter((field) => !secret.includes(field))]).toEqual([name, []]);
  }
  expect(SECRET_FIELDS).toEqual(expect.arrayContaining(['token', 'authorization', 'linkToken']));
});

/** A body each signed-in endpoint accepts, so that only its session can refuse it. */
const VALID_BODIES: Partial<Record<EndpointName, object>> = {
  changePassword: { currentPassword: 'a current passphrase', newPassword: 'a new passphrase 2' },
  changeEmail: { password: 'a current passphrase', newEmail: 'new@example.com' },
  confirmEmailChange: { code: '123456' },
  deleteAccount: { password: 'a current passphrase' },
  startSecondFactor: { password: 'a current passphrase' },
  confirmSecondFactor: { code: '123456' },
  renewRecoveryCodes: { password: 'a current passphrase', code: '123456' },
  disableSecondFactor: { password: 'a current passphrase', code: 'abcd-efgh-ijkl-mnop' },
  addPasskey: {
    name: 'Laptop',
    response: {
      id: 'AAAA',
      rawId: 'AAAA',
      response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' },
      clientExtensionResults: {},
      type: 'public-key',
    },
  },
  renamePasskey: { name: 'Laptop' },
  removePasskey: { password: 'a current passphrase' },
  confirm: { password: 'a current passphrase' },
};

it('checks the session the table names before every handler that needs one', async () => {
  const { api, stop } = await injectedApp(sqlite);
  try {
    const required = ENDPOINT_NAMES.filter((name) => endpoints[name].session === 'required');
    expect(required.length).toBeGreaterThan(10);
    for (const name of required) {
      const { method, path } = endpoints[name];
      const answer = await api.request(method, path.replace(':id', 'some-session'), {
        body: VALID_BODIES[name] ?? {},
        headers: { authorization: 'Bearer not-a-session' },
      });
      expect([name, answer.status, answer.body?.code]).toEqual([name, 401, 'INVALID_TOKEN']);
    }
  } finally {
    await stop();
  }
});

/** The changes CONTRACT section 2d names as needing a confirmation (no provider yet). */
const SENSITIVE: readonly EndpointName[] = [
  'passkeyRegistrationOptions',
  'addPasskey',
  'removePasskey',
  'startSecondFactor',
  'disableSecondFactor',
  'renewRecoveryCodes',
  'changeEmail',
  'changePassword',
  'deleteAccount',
  'oidcDisconnect',
];

it('asks the confirmation the table names before every sensitive handler, and of no other', async () => {
  const marked = ENDPOINT_NAMES.filter((name) => 'confirmation' in endpoints[name]);
  expect([...marked].sort()).toEqual([...SENSITIVE].sort());
  const { api, stop } = await injectedApp(sqlite, { RATE_LIMIT_SIGNUP_MAX: '100' });
  try {
    const token = await activatedAccount(api, uniqueEmail('unconfirmed'));
    for (const name of marked) {
      const { method, path } = endpoints[name];
      // The body without the password that would confirm it alone.
      const {
        password: _p,
        currentPassword: _c,
        ...body
      } = (VALID_BODIES[name] ?? {}) as Record<string, unknown>;
      const answer = await api.request(method, path.replace(':id', 'some-passkey'), {
        body,
        headers: bearer(token),
      });
      expect([name, answer.status, answer.body?.code]).toEqual([
        name,
        403,
        'CONFIRMATION_REQUIRED',
      ]);
    }
  } finally {
    await stop();
  }
});
