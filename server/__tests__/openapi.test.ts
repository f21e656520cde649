// The API reference in docs/ is the one the server serves, made from the endpoint table the routes
// are registered from.
import fs from 'node:fs';

import * as v from 'valibot';

import {
  endpoints,
  ENDPOINT_NAMES,
  handInEndpoints,
  type EndpointSpec,
} from '../../contract/endpoints';
import { LoginBody } from '../../features/login/schemas';
import { currentOpenApi, OPENAPI_FILE } from '../../scripts/openapi';
import { tempDir, testConfig } from '../../testing/server/config';
import { buildApp, startServer } from '../app';
import { OPENAPI_PATH } from '../http/openapi';

interface Operation {
  operationId: string;
  security: Record<string, string[]>[];
  requestBody?: unknown;
  responses: Record<string, { $ref?: string; headers?: Record<string, unknown> }>;
}
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, { properties: Record<string, Record<string, unknown>> }>;
    responses: Record<string, { headers?: Record<string, unknown> }>;
  };
};

const doc = JSON.parse(fs.readFileSync(OPENAPI_FILE, 'utf8')) as Doc;
const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
);
const published = ENDPOINT_NAMES.filter((name) => !(endpoints[name] as EndpointSpec).internal);

it('docs/openapi.json is current (run `npm run openapi` after changing the table or a schema)', () => {
  expect(fs.readFileSync(OPENAPI_FILE, 'utf8')).toBe(currentOpenApi());
});

it("names the contract's and the features' messages alike, listed by name", () => {
  const names = Object.keys(doc.components.schemas);
  expect(names).toEqual([...names].sort());
  // LoginBody is the login feature's (features/login/schemas.ts), ErrorBody the contract's.
  expect(names).toEqual(expect.arrayContaining(['LoginBody', 'ErrorBody']));
  const login = doc.paths['/v1/api/user/login']?.post?.requestBody;
  expect(login).toEqual({
    required: true,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/LoginBody' } } },
  });
});

it('refuses a message whose name another message has, and keeps the reference as it was', async () => {
  expect(() => handInEndpoints({}, {}, { LoginBody: v.object({}) })).toThrow(/LoginBody/);
  expect(() => handInEndpoints({}, {}, { LoginBody })).not.toThrow();
  expect(currentOpenApi()).toBe(fs.readFileSync(OPENAPI_FILE, 'utf8'));
  // A name of the contract's, in a table of its own so that the others here stay as they are.
  await jest.isolateModulesAsync(async () => {
    const contract = await import('../../contract/endpoints');
    const reference = await import('../http/openapi');
    contract.handInEndpoints({}, {}, { ErrorBody: v.object({}) });
    expect(() => reference.openApiDocument()).toThrow(/ErrorBody/);
  });
});

it('has one operation per published endpoint, with its method and path', () => {
  expect(operations.map(({ op }) => op.operationId).sort()).toEqual([...published].sort());
  for (const { path, method, op } of operations) {
    const spec: EndpointSpec = endpoints[op.operationId as keyof typeof endpoints];
    expect([method, path]).toEqual([spec.method, spec.path.replace(':id', '{id}')]);
  }
});

it('asks for the bearer session exactly where the endpoint requires one', () => {
  for (const { op } of operations) {
    const spec: EndpointSpec = endpoints[op.operationId as keyof typeof endpoints];
    const bearer = op.security.some((scheme) => 'bearer' in scheme);
    const anonymous = op.security.length === 0 || op.security.some((s) => !('bearer' in s));
    expect([op.operationId, bearer, anonymous]).toEqual([
      op.operationId,
      spec.session !== 'none',
      spec.session !== 'required',
    ]);
    if (spec.session === 'required') expect(Object.keys(op.responses)).toContain('401');
  }
});

it('says Retry-After on every 429 and every 503 refusal, and gives every operation a 500', () => {
  const headersOf = (answer: { $ref?: string; headers?: Record<string, unknown> }) =>
    answer.$ref
      ? doc.components.responses[answer.$ref.replace('#/components/responses/', '')]?.headers
      : answer.headers;
  for (const { op } of operations) {
    expect(Object.keys(op.responses)).toContain('500');
    for (const status of ['429', '503']) {
      const answer = op.responses[status];
      if (!answer || ['health', 'ready'].includes(op.operationId)) continue;
      expect([op.operationId, status, headersOf(answer)]).toEqual([
        op.operationId,
        status,
        { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
      ]);
    }
  }
  expect(operations.filter(({ op }) => op.responses['429']).length).toBeGreaterThan(5);
});

it('carries the rules the schemas check: lengths, patterns and formats', () => {
  const { SignupBody, ResetPasswordBody, LoginBody } = doc.components.schemas;
  expect(SignupBody?.properties.password).toMatchObject({ minLength: 8, maxLength: 128 });
  expect(SignupBody?.properties.name).toMatchObject({ minLength: 1, maxLength: 100 });
  expect(SignupBody?.properties.email).toMatchObject({ format: 'idn-email', maxLength: 254 });
  expect(ResetPasswordBody?.properties.code).toMatchObject({ pattern: '^[0-9]{6}$' });
  expect(LoginBody?.properties.password).toMatchObject({ minLength: 1, maxLength: 1024 });
});

it('is served at /v1/openapi.json, and every operation is a registered route', async () => {
  const dataDir = tempDir('openapi');
  const server = await startServer(testConfig(dataDir));
  try {
    const answer = await fetch(server.url + OPENAPI_PATH);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual(doc);
    for (const { path, method } of operations) {
      expect([
        method,
        path,
        server.app.hasRoute({ method, url: path.replace('{id}', ':id') }),
      ]).toEqual([method, path, true]);
    }
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

it("registers every endpoint of the table (the outbox too, in the tests' outbox mail mode)", async () => {
  const dataDir = tempDir('openapi-routes');
  const app = await buildApp(testConfig(dataDir));
  try {
    for (const name of ENDPOINT_NAMES) {
      const { method, path } = endpoints[name];
      expect([name, app.hasRoute({ method, url: path })]).toEqual([name, true]);
    }
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
