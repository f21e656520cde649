// The server's side of the endpoint table (contract/endpoints.ts; the entries in the features): a
// route module gives one handler per endpoint name, and the method, path, body limit and schemas
// come from the table, so a route file never repeats them; the session check comes from the table
// too (`requireSession` before a `required` endpoint's handler, `readSession` before an `optional`
// one's). `answerEveryEndpoint` refuses, at compile time, a list of route modules that leaves an
// endpoint without a handler.
//
// The contract's Valibot schemas (contract/schemas.ts) drive Fastify: they validate bodies (their
// refinements give the field codes of a VALIDATION answer), type the handlers through a type
// provider, and serialize answers with fast-json-stringify from their JSON Schema, so an answer
// never carries a property its schema does not name (no password hash, no token beside a user).
import { toJsonSchema } from '@valibot/to-json-schema';
import fastJson from 'fast-json-stringify';
import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifyPluginAsync,
  FastifySchemaCompiler,
  FastifySchemaValidationError,
  FastifySerializerCompiler,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptionsWithHandler,
} from 'fastify';
import type { Redis } from 'ioredis';
import * as v from 'valibot';

import {
  endpoints,
  type EndpointName,
  type Endpoints,
  type EndpointSpec,
} from '../../contract/endpoints';
import { ErrorBody } from '../../contract/schemas';
import { requireConfirmation } from '../auth/confirmation';
import { readSession, requireSession } from '../auth/session';

// Written here: Fastify's type provider interface is these two lines, and no maintained package
// provides it for Valibot.
export interface ValibotTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends v.GenericSchema ? v.InferOutput<this['schema']> : unknown;
  serializer: this['schema'] extends v.GenericSchema ? v.InferInput<this['schema']> : unknown;
}

export function isValibotSchema(schema: unknown): schema is v.GenericSchema {
  return (
    typeof schema === 'object' &&
    schema !== null &&
    (schema as { kind?: unknown }).kind === 'schema' &&
    '~standard' in schema
  );
}

/** The JSON Schema of a contract schema; refinements that JSON Schema cannot say are left out. */
export function jsonSchemaOf(
  schema: v.GenericSchema,
  target: 'draft-07' | 'draft-2020-12' = 'draft-07',
) {
  return toJsonSchema(schema, { errorMode: 'ignore', target });
}

/** Valibot's issues in the shape Fastify keeps on `error.validation`; the message is the code. */
function validationErrors(issues: readonly v.BaseIssue<unknown>[]): FastifySchemaValidationError[] {
  return issues.map((issue) => {
    const path = (issue.path ?? []).map((item) => String(item.key));
    return {
      keyword: issue.type,
      instancePath: path.length > 0 ? `/${path.join('/')}` : '',
      schemaPath: '',
      params: {},
      message: issue.message,
    };
  });
}

const validatorCompiler: FastifySchemaCompiler<v.GenericSchema> =
  ({ schema }) =>
  (data) => {
    const result = v.safeParse(schema, data);
    return result.success
      ? { value: result.output }
      : { error: validationErrors(result.issues) as unknown as Error };
  };

const serializerCompiler: FastifySerializerCompiler<v.GenericSchema> = ({ schema }) =>
  fastJson(jsonSchemaOf(schema) as Parameters<typeof fastJson>[0]);

/**
 * Makes the contract's schemas the validators and serializers of the routes of this plugin (an
 * encapsulated context) and returns the instance typed by them.
 */
export function withContract(app: FastifyInstance) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app.withTypeProvider<ValibotTypeProvider>();
}

/** The schemas of an endpoint's route, as Fastify takes them (and types its handler with). */
interface RouteSchema<E extends EndpointSpec> {
  body: E extends { body: infer B } ? B : undefined;
  params: E extends { params: infer P } ? P : undefined;
  querystring: E extends { query: infer Q } ? Q : undefined;
  response: E['answers'] & { '4xx': typeof ErrorBody };
}

/** A route's options as Fastify types them for endpoint N, its handler included. */
type RouteOptionsOf<N extends EndpointName> = RouteShorthandOptionsWithHandler<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteSchema<Endpoints[N]>,
  ValibotTypeProvider
>;

/** The handler of endpoint N: its request's body and params and its answers typed by the table. */
export type Handler<N extends EndpointName> = RouteOptionsOf<N>['handler'];

/**
 * A handler with route options of its own (hooks, after the session check); never the method,
 * path, schemas or session check.
 */
type HandlerWithOptions<N extends EndpointName> = Omit<RouteOptionsOf<N>, 'schema' | 'bodyLimit'>;

export type Handlers<N extends EndpointName> = {
  [K in N]: Handler<K> | HandlerWithOptions<K>;
};

/** What app.ts hands every route module. */
export interface RouteModuleOptions {
  redis?: Redis;
}

/** Names, in a route module's type alone, the endpoints it registers. */
declare const ANSWERS: unique symbol;

/** A Fastify plugin that registers the endpoints N (made by defineRoutes only). */
export type RouteModule<N extends EndpointName> = FastifyPluginAsync<RouteModuleOptions> & {
  readonly [ANSWERS]: readonly N[];
};

type ContractApp = ReturnType<typeof withContract>;

function routeSchema(spec: EndpointSpec) {
  return {
    ...(spec.body ? { body: spec.body } : {}),
    ...(spec.params ? { params: spec.params } : {}),
    ...(spec.query ? { querystring: spec.query } : {}),
    response: { ...spec.answers, '4xx': ErrorBody },
  };
}

/** What runs before the handler of an endpoint, by the table's `session`. */
const SESSION_CHECKS = {
  required: requireSession,
  optional: readSession,
  none: undefined,
} satisfies Record<EndpointSpec['session'], unknown>;

/**
 * A route module: `setUp` runs in the module's own encapsulated context (its hooks and
 * decorations stay there) and returns its handlers by endpoint name.
 */
export function defineRoutes<N extends EndpointName>(
  setUp: (app: ContractApp, options: RouteModuleOptions) => Promise<Handlers<N>> | Handlers<N>,
): RouteModule<N> {
  const plugin: FastifyPluginAsync<RouteModuleOptions> = async (instance, options) => {
    const app = withContract(instance);
    const handlers = await setUp(app, options);
    for (const name of Object.keys(handlers) as N[]) {
      const entry = handlers[name] as Handler<N> | HandlerWithOptions<N>;
      const spec: EndpointSpec = endpoints[name];
      const own = typeof entry === 'function' ? { handler: entry } : entry;
      const sessionCheck = SESSION_CHECKS[spec.session];
      // A sensitive change: the session's confirmation, or the password in the body, first.
      const confirmationCheck = spec.confirmation ? [requireConfirmation(spec.confirmation)] : [];
      const ownPreHandlers = [(own as { preHandler?: unknown }).preHandler ?? []].flat() as Array<
        typeof requireSession
      >;
      app.route({
        ...(own as object),
        ...(sessionCheck
          ? { preHandler: [sessionCheck, ...confirmationCheck, ...ownPreHandlers] }
          : {}),
        config: { endpoint: name },
        method: spec.method,
        url: spec.path,
        ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
        schema: routeSchema(spec),
        handler: own.handler as RouteHandlerMethod,
      });
    }
  };
  return plugin as RouteModule<N>;
}

type NamesOf<M> = M extends RouteModule<infer N> ? N : never;
type Unanswered<M> = Exclude<EndpointName, NamesOf<M>>;

/**
 * The route modules, unchanged; a list that leaves an endpoint without a handler does not
 * compile, and its error names the endpoints (`Property 'unanswered' is missing …`).
 */
export function answerEveryEndpoint<const M extends readonly RouteModule<EndpointName>[]>(
  modules: M &
    ([Unanswered<M[number]>] extends [never] ? unknown : { unanswered: Unanswered<M[number]> }),
): M {
  return modules;
}
