// Route modules answer the contract's endpoint table: each endpoint has exactly its handler, and a
// list of modules that leaves one out does not compile (checked by `npm run typecheck`).
import type { FastifyPluginAsync } from 'fastify';

import { endpoints, ENDPOINT_NAMES, SECRET_FIELDS } from '../../contract/endpoints';
import { answerEveryEndpoint } from '../http/endpoints';
import loginRoutes from '../routes/login';
import sessionRoutes from '../routes/session';

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
