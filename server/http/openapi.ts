// The API reference: an OpenAPI 3.1 document written from the contract's endpoint table (the same
// table the routes are registered from) and its Valibot schemas, served at /v1/openapi.json and
// kept in docs/openapi.json by `npm run openapi`.
import { toJsonSchema, toJsonSchemaDefs, type ConversionConfig } from '@valibot/to-json-schema';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type * as v from 'valibot';

import {
  answersOf,
  ENDPOINT_NAMES,
  endpoints,
  ERRORS,
  type EndpointName,
  type EndpointSpec,
  RETRY_AFTER_STATUSES,
  SUMMARIES,
  TAGS,
  FEATURE_SCHEMAS,
} from '../../contract/endpoints';
import * as S from '../../contract/schemas';
import { isValibotSchema } from './endpoints';

export const OPENAPI_PATH = '/v1/openapi.json';

type Json = Record<string, unknown>;

const COMPONENTS = '#/components/schemas/';

/** Names in code-unit order, the order the API reference lists its components in. */
const byName = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The named schemas, shared as components: every message is written once and referred to by name.
 * They are the contract's messages (not its fields, named in lower case, nor the app's lenient
 * readers of other implementations' answers, which are not the API) and the features' handed in
 * with the table, listed by name, so that where a message is written changes nothing of the
 * reference.
 */
function namedSchemas(): Record<string, v.GenericSchema> {
  const contract = Object.entries(S as Record<string, unknown>).filter(
    (entry): entry is [string, v.GenericSchema] =>
      isValibotSchema(entry[1]) && /^[A-Z]/.test(entry[0]) && !entry[0].endsWith('AsRead'),
  );
  const taken = contract.find(([name]) => name in FEATURE_SCHEMAS);
  if (taken)
    throw new Error(`Two messages are named ${taken[0]}: the API reference names each once.`);
  return Object.fromEntries([...contract, ...Object.entries(FEATURE_SCHEMAS)].sort(byName));
}

/** The named schemas, and how a schema is written with references to them. */
interface Components {
  named: Record<string, v.GenericSchema>;
  conversion: ConversionConfig;
}

function componentsOf(named: Record<string, v.GenericSchema>): Components {
  const conversion: ConversionConfig = {
    target: 'draft-2020-12',
    // A body is described as it is sent, an answer as it is written.
    typeMode: 'input',
    errorMode: 'ignore',
    definitions: named,
    overrideRef: ({ referenceId }) => COMPONENTS + referenceId,
  };
  return { named, conversion };
}

/** A reference to the schema's component, or the schema itself when it has no name. */
function schemaJson(schema: v.GenericSchema, { named, conversion }: Components): Json {
  const name = Object.keys(named).find((key) => named[key] === schema);
  if (name) return { $ref: COMPONENTS + name };
  const { $schema: _, $defs: __, ...json } = toJsonSchema(schema, conversion) as Json;
  return json;
}

function jsonBody(schema: Json) {
  return { content: { 'application/json': { schema } } };
}

const STATUS_TEXT: Record<number, string> = {
  200: 'Done',
  201: 'Created',
  202: 'Accepted: the mail is stored and will be sent',
};

/** The answers of an endpoint by status: a refusal lists its codes and narrows ErrorBody's. */
function responsesOf(name: string, spec: EndpointSpec, components: Components): Json {
  const responses: Json = {};
  if (spec.redirect) {
    responses['303'] = {
      description: spec.redirect,
      headers: { Location: { description: 'The app path', schema: { type: 'string' } } },
    };
  }
  for (const [status, answer] of answersOf(spec)) {
    const codes = answer.codes.map((code) => `\`${code}\`: ${ERRORS[code].message}`);
    const refusal = answer.codes.length > 0 && answer.schema === S.ErrorBody;
    const schema = refusal
      ? {
          allOf: [
            { $ref: `${COMPONENTS}ErrorBody` },
            { properties: { code: { enum: answer.codes } } },
          ],
        }
      : schemaJson(answer.schema, components);
    const description =
      codes.length > 0 ? codes.join(' ') : (STATUS_TEXT[status] ?? `The ${name} answer`);
    const retry = refusal && RETRY_AFTER_STATUSES.has(status);
    responses[String(status)] = {
      ...(refusal ? { codes: answer.codes } : {}),
      description,
      ...(retry ? { headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } } : {}),
      ...jsonBody(schema),
    };
  }
  return responses;
}

function parametersOf(spec: EndpointSpec, { conversion }: Components): Json[] {
  // The parameters one by one, not the object they make.
  const each = (schema: v.GenericSchema | undefined, where: 'path' | 'query') => {
    if (!schema) return [];
    const object = toJsonSchema(schema, { ...conversion, definitions: {} }) as {
      properties?: Record<string, Json>;
    };
    return Object.entries(object.properties ?? {}).map(([name, property]) => ({
      name,
      in: where,
      required: where === 'path',
      schema: property,
    }));
  };
  return [...each(spec.params, 'path'), ...each(spec.query, 'query')];
}

const SECURITY = {
  required: [{ bearer: [] }],
  // Read when sent: with or without a session.
  optional: [{}, { bearer: [] }],
  none: [],
} as const;

function operationOf(name: EndpointName, spec: EndpointSpec, components: Components): Json {
  const parameters = parametersOf(spec, components);
  return {
    operationId: name,
    summary: SUMMARIES[name],
    tags: [spec.tag],
    security: SECURITY[spec.session],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(spec.body
      ? { requestBody: { required: true, ...jsonBody(schemaJson(spec.body, components)) } }
      : {}),
    responses: responsesOf(name, spec, components),
  };
}

/** A response's component name: its codes, e.g. `ValidationOrBadRequest`. */
function responseName(codes: readonly string[]): string {
  const words = (code: string) =>
    code
      .toLowerCase()
      .split('_')
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join('');
  return codes.map(words).join('Or');
}

/**
 * Refusals that several operations answer alike become shared responses (components.responses),
 * each written once.
 */
function shareResponses(paths: Record<string, Record<string, Json>>): Json {
  const uses = new Map<string, number>();
  const operations = Object.values(paths).flatMap((ops) => Object.values(ops));
  const refusals = (op: Json) =>
    Object.entries(op.responses as Record<string, Json>).filter(([, answer]) => 'codes' in answer);
  for (const op of operations) {
    for (const [, answer] of refusals(op)) {
      const key = JSON.stringify(answer);
      uses.set(key, (uses.get(key) ?? 0) + 1);
    }
  }
  const shared: Json = {};
  for (const op of operations) {
    const responses = op.responses as Record<string, Json>;
    for (const [status, answer] of refusals(op)) {
      const { codes, ...response } = answer;
      responses[status] = response;
      if ((uses.get(JSON.stringify(answer)) ?? 0) < 2) continue;
      const name = responseName(codes as string[]);
      shared[name] = response;
      responses[status] = { $ref: `#/components/responses/${name}` };
    }
  }
  return Object.fromEntries(Object.entries(shared).sort(([a], [b]) => a.localeCompare(b)));
}

/** Every `$ref` name in a JSON value. */
function refsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) refsIn(item, found);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string' && item.startsWith(COMPONENTS)) {
        found.add(item.slice(COMPONENTS.length));
      } else {
        refsIn(item, found);
      }
    }
  }
  return found;
}

/** The API reference, made from the endpoint table alone. */
export function openApiDocument(): Json {
  const components = componentsOf(namedSchemas());
  const { named, conversion } = components;
  const paths: Record<string, Record<string, Json>> = {};
  for (const name of ENDPOINT_NAMES) {
    const spec: EndpointSpec = endpoints[name];
    if (spec.internal) continue;
    const path = spec.path.replace(/:(\w+)/g, '{$1}');
    paths[path] = {
      ...paths[path],
      [spec.method.toLowerCase()]: operationOf(name, spec, components),
    };
  }
  const responses = shareResponses(paths);
  // The components the operations use, and those these use in turn.
  const all = toJsonSchemaDefs(named, conversion) as Record<string, Json>;
  const used = refsIn([paths, responses]);
  for (let size = 0; size !== used.size;) {
    size = used.size;
    for (const name of [...used]) refsIn(all[name], used);
  }
  const schemas = Object.fromEntries(
    Object.keys(named)
      .filter((name) => used.has(name))
      .map((name) => [name, all[name]]),
  );
  const tags = [...new Set(Object.values(paths).flatMap((ops) => Object.values(ops)))]
    .flatMap((op) => op.tags as (keyof typeof TAGS)[])
    .filter((tag, index, list) => list.indexOf(tag) === index)
    .map((tag) => ({ name: tag, description: TAGS[tag] }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Accounts API',
      version: '1',
      description:
        'Sign-up, activation, login, sessions and account self-service. Every answer is JSON ' +
        'with an `error` boolean; errors carry `code`, `message` and, for VALIDATION, `fields`.',
      license: { name: 'UNLICENSED', identifier: 'LicenseRef-UNLICENSED' },
    },
    servers: [{ url: '/', description: 'The server that serves the app (same origin).' }],
    tags,
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'The `token` of a sign-in answer (login, activation, password reset).',
        },
      },
      headers: {
        RetryAfter: {
          description: 'Seconds to wait before trying again.',
          schema: { type: 'integer', minimum: 0 },
        },
      },
      responses,
      schemas,
    },
  };
}

async function openapi(app: FastifyInstance) {
  const document = openApiDocument();
  app.get(OPENAPI_PATH, async () => document);
}

export default fp(openapi, { name: 'openapi', fastify: '5.x' });
