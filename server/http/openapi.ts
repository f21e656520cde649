// The API reference: an OpenAPI 3.1 document made from the routes and the contract's schemas,
// served at /v1/openapi.json and written to docs/openapi.json by `npm run openapi`.
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import { API_PATHS } from '../../contract/api';
import { isValibotSchema, jsonSchemaOf } from './schemas';

export const OPENAPI_PATH = '/v1/openapi.json';

function converted(part: unknown): unknown {
  if (isValibotSchema(part)) return jsonSchemaOf(part, 'draft-2020-12');
  return part;
}

/** Each part of a route's schema in JSON Schema, the responses status by status. */
function toJsonSchemas(schema: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, part] of Object.entries(schema)) {
    if (key === 'response' && part && typeof part === 'object') {
      result.response = Object.fromEntries(
        Object.entries(part).map(([status, answer]) => [status, converted(answer)]),
      );
    } else {
      result[key] = converted(part);
    }
  }
  return result;
}

async function openapi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Accounts API',
        version: '1',
        description:
          'Sign-up, activation, login, sessions and account self-service. Every answer is JSON ' +
          'with an `error` boolean; errors carry `code`, `message` and, for VALIDATION, `fields`.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    // Only the API: the app's files and the development outbox are not part of it.
    hiddenTag: 'hidden',
    transform: ({ schema, url }) => {
      const hidden = !url.startsWith('/v1/api/') && url !== API_PATHS.health;
      const base = schema ? toJsonSchemas(schema as Record<string, unknown>) : {};
      return { schema: { ...base, hide: hidden } as never, url };
    },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}

export default fp(openapi, { name: 'openapi', fastify: '5.x' });
