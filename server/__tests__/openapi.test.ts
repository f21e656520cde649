// The API reference in docs/ is the one the server serves, made from the same schemas.
import fs from 'node:fs';

import { currentOpenApi, OPENAPI_FILE } from '../../scripts/openapi';
import { tempDir, testConfig } from '../../testing/server/config';
import { startServer } from '../app';
import { OPENAPI_PATH } from '../http/openapi';

it('docs/openapi.json is current (run `npm run openapi` after changing a route or a schema)', async () => {
  expect(fs.readFileSync(OPENAPI_FILE, 'utf8')).toBe(await currentOpenApi());
});

it('is served at /v1/openapi.json and names every API route with its answers', async () => {
  const dataDir = tempDir('openapi');
  const server = await startServer(testConfig(dataDir));
  try {
    const answer = await fetch(server.url + OPENAPI_PATH);
    expect(answer.status).toBe(200);
    const doc = await answer.json();
    expect(doc.openapi).toBe('3.1.0');
    const login = doc.paths['/v1/api/user/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual([
      'email',
      'password',
    ]);
    const user = login.responses['200'].content['application/json'].schema.properties.user;
    expect(Object.keys(user.properties)).toEqual(['id', 'name', 'email', 'createdAt']);
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/v1/api/') || p === '/healthz')).toBe(
      true,
    );
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
