// The contract's schemas at the server's boundary: a body is refused with the field codes of its
// refinements, and an answer carries only what its schema names.
import Fastify, { type FastifyInstance } from 'fastify';

import type * as v from 'valibot';

import { ConfirmBody, ErrorBody, fieldErrors } from '../../contract/schemas';
import { LoginSecondFactorBody, VerifyOk } from '../../features/login/schemas';
import { SignupBody, VerifyAccountBody } from '../../features/signup/schemas';
import { fetchFrom } from '../../testing/server/fetch-app';
import { withContract } from '../http/endpoints';
import { registerErrorHandler } from '../http/errors';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ logger: false });
  registerErrorHandler(app);
  await app.register(async (instance) => {
    const routes = withContract(instance);
    routes.get('/leaky', { schema: { response: { 200: VerifyOk } } }, async () => {
      // A handler that hands over a whole row: the serializer keeps what the schema names.
      const row = { id: 'u1', name: 'Dara', email: 'dara@example.com', createdAt: '2026-01-01' };
      return {
        error: false as const,
        user: { ...row, password_hash: '$argon2id$secret' },
        signature: { exp: 1, token: 'secret-token' },
        token: 'another-secret',
      };
    });
    routes.post(
      '/signup',
      { schema: { body: SignupBody, response: { 200: ErrorBody } } },
      async () => ({ error: true as const, code: 'INTERNAL' as const, message: 'unreached' }),
    );
  });
});

afterAll(() => app.close());

it('answers only the properties the schema names', async () => {
  const response = await fetchFrom(app, '/leaky');
  expect(response.json()).toEqual({
    error: false,
    user: { id: 'u1', name: 'Dara', email: 'dara@example.com', createdAt: '2026-01-01' },
    signature: { exp: 1 },
  });
  expect(response.body).not.toMatch(/secret/);
});

it.each([
  [{ name: '', email: 'dara@example.com', password: 'long enough' }, { name: 'REQUIRED' }],
  [
    { name: 'Dara', email: 'x<dara@example.com>', password: 'long enough' },
    { email: 'INVALID_EMAIL' },
  ],
  [{ name: 'Dara', email: 'dara@example.com', password: 'short' }, { password: 'TOO_SHORT' }],
  [{ name: 'Dara', email: 'dara@example.com', password: 7 }, { password: 'REQUIRED' }],
  [{ email: 'dara@example.com' }, { name: 'REQUIRED', password: 'REQUIRED' }],
])('refuses %j with the field codes %j', async (body, fields) => {
  await fetchFrom(app, '/leaky');
  const { port } = app.server.address() as { port: number };
  const response = await fetch(`http://127.0.0.1:${port}/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({
    error: true,
    code: 'VALIDATION',
    message: 'Some fields are not valid.',
    fields,
  });
});

const passkey = { id: 'AAAA', response: { clientDataJSON: 'AAAA' } };
it.each([
  ['ConfirmBody', ConfirmBody, {}, { password: 'a passphrase' }, { passkeyResponse: passkey }],
  [
    'VerifyAccountBody',
    VerifyAccountBody,
    { email: 'dara@example.com', code: '123456' },
    { password: 'a passphrase' },
    { newPassword: 'a new passphrase' },
  ],
  [
    'LoginSecondFactorBody',
    LoginSecondFactorBody,
    { ticket: 'a ticket' },
    { code: '123456' },
    { recoveryCode: 'abcd-efgh-ijkl-mnop' },
  ],
] as const)('%s takes exactly one of its two fields', (_name, schema, rest, first, second) => {
  const errors = (body: object) =>
    fieldErrors(schema as v.GenericSchema<unknown, Record<string, unknown>>, body);
  const [firstName] = Object.keys(first);
  expect(errors({ ...rest, ...first })).toEqual({});
  expect(errors({ ...rest, ...second })).toEqual({});
  expect(errors({ ...rest, ...first, ...second })).toEqual({ [firstName!]: 'REQUIRED' });
  expect(errors(rest)).toEqual({ [firstName!]: 'REQUIRED' });
});
