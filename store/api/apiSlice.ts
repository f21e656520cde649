// The one RTK Query API of the app, from the core module (views dispatch; no hooks are needed),
// built from the contract's endpoint table: each endpoint's method, path, body and the schema its
// success answer is decoded with come from contract/endpoints.ts.
// Every endpoint is a mutation triggered with `{ track: false }`: answers reach the store as
// actions that the feature slices decode, and no secret (password, token, code) is ever kept in
// the API cache.
// Verify is a GET declared as a mutation on purpose: each navigation must send its own request
// (a query would share one in-flight request between overlapping navigations and cache answers).
// The sessions and the pending email change are mutations for the same reason: each visit to
// home asks afresh.
import { createApi, type FetchArgs } from '@reduxjs/toolkit/query';
import type * as v from 'valibot';

import {
  endpoints as table,
  type EndpointName,
  type Endpoints,
  type EndpointSpec,
} from '../../contract/endpoints';

import { baseQuery } from './baseQuery';

/**
 * The endpoints the app does not call through this API: verify is declared below, the activity
 * log is sent from its own chunk, and health and the outbox are for operators and tests.
 */
type NotHere = 'verify' | 'actionLogs' | 'health' | 'outbox';
type Called = Exclude<EndpointName, NotHere>;
const NOT_HERE: ReadonlySet<EndpointName> = new Set<NotHere>([
  'verify',
  'actionLogs',
  'health',
  'outbox',
]);
const CALLED = (Object.keys(table) as EndpointName[]).filter(
  (name): name is Called => !NOT_HERE.has(name),
);

type Success<N extends EndpointName> = Endpoints[N]['answers'][keyof Endpoints[N]['answers'] &
  (200 | 201 | 202)];

/** The trigger's argument: the body, the path's parameters, or nothing. */
type ArgOf<N extends EndpointName> = Endpoints[N] extends { body: infer B extends v.GenericSchema }
  ? v.InferInput<B>
  : Endpoints[N] extends { params: infer P extends v.GenericSchema }
    ? v.InferInput<P>
    : void;

type ResultOf<N extends EndpointName> =
  Success<N> extends v.GenericSchema ? v.InferOutput<Success<N>> : never;

/** The request of an endpoint: its method, its path with its parameters filled in, its body. */
function requestOf(spec: EndpointSpec, arg: unknown): FetchArgs {
  const params = spec.params ? (arg as Record<string, string>) : {};
  const url = spec.path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
  return { url, method: spec.method, ...(spec.body ? { body: arg } : {}) };
}

/** The schema of the endpoint's success answer. */
function successSchemaOf(spec: EndpointSpec): v.GenericSchema | undefined {
  return spec.answers[200] ?? spec.answers[201] ?? spec.answers[202];
}

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  // A success answer that does not match its schema is an unexpected answer, not a crash: the
  // form says something went wrong, and nothing unchecked reaches the store.
  catchSchemaFailure: (failure) => ({
    status: 'CUSTOM_ERROR' as const,
    error: `the answer does not match the contract (${failure.schemaName})`,
  }),
  endpoints: (build) => {
    const mutation = <N extends Called>(name: N) => {
      const spec: EndpointSpec = table[name];
      return build.mutation<ResultOf<N>, ArgOf<N>>({
        query: (arg) => requestOf(spec, arg),
        responseSchema: successSchemaOf(spec) as v.GenericSchema<ResultOf<N>>,
      });
    };
    const called = Object.fromEntries(CALLED.map((name) => [name, mutation(name)])) as unknown as {
      [N in Called]: ReturnType<typeof mutation<N>>;
    };
    return {
      /**
       * Arg: the key of the navigation this check belongs to. The answer is decoded by the
       * caller, which also reads answers of other implementations of the API.
       */
      verify: build.mutation<unknown, string>({
        query: () => requestOf(table.verify, undefined),
      }),
      ...called,
    };
  },
});

/** Options every trigger uses: see the comment at the top of this file. */
export const UNTRACKED = { track: false } as const;
