// The server's side of the endpoint table (contract/endpoints.ts): a route module gives one handler
// per endpoint name, and the method, path, body limit and schemas come from the table, so a route
// file never repeats them; the session check comes from the table too (`requireSession` before a
// `required` endpoint's handler, `readSession` before an `optional` one's). `answerEveryEndpoint`
// refuses, at compile time, a list of route modules that leaves an endpoint without a handler.
import type {
  ContextConfigDefault,
  FastifyPluginAsync,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptionsWithHandler,
} from 'fastify';
import type { Redis } from 'ioredis';

import {
  endpoints,
  type EndpointName,
  type Endpoints,
  type EndpointSpec,
} from '../../contract/endpoints';
import { ErrorBody } from '../../contract/schemas';
import { readSession, requireSession } from '../auth/session';
import { type ValibotTypeProvider, withContract } from './schemas';

/** The schemas of an endpoint's route, as Fastify takes them (and types its handler with). */
interface RouteSchema<E extends EndpointSpec> {
  body: E extends { body: infer B } ? B : undefined;
  params: E extends { params: infer P } ? P : undefined;
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
      const ownPreHandlers = [(own as { preHandler?: unknown }).preHandler ?? []].flat() as Array<
        typeof requireSession
      >;
      app.route({
        ...(own as object),
        ...(sessionCheck ? { preHandler: [sessionCheck, ...ownPreHandlers] } : {}),
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
