// The one RTK Query API of the app, from the core module (views dispatch; no hooks are needed),
// built from the contract's endpoint table: each endpoint's method, path, body and the schema its
// success answer is decoded with come from contract/endpoints.ts. The one HTTP client of the app
// is here too (the base query: headers, time-out, refusals) with the reading of a failed request.
// A body-less read of the signed-in account (a GET with no body, path or query parameters, that
// needs the session: the second factor's state, the passkeys, the sessions...) is a cached query
// (`isAccountRead`): the cache holds what the server said, tagged with the entry's tag, until the
// session ends. Every other endpoint is a mutation triggered with `{ track: false }`: answers reach
// the store as actions that the feature slices decode, and no secret (password, token, code) is
// ever kept in the API cache.
// Verify is a GET declared as a mutation on purpose: each navigation must send its own request
// (a query would share one in-flight request between overlapping navigations and cache answers).
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type EndpointBuilder,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
  type QueryReturnValue,
} from '@reduxjs/toolkit/query';
import * as v from 'valibot';

import type { ErrorCode, FieldErrorCode } from '../contract/api';
import {
  ENDPOINT_NAMES,
  endpoints as table,
  handInEndpoints,
  type EndpointName,
  type Endpoints,
  type EndpointSpec,
  type LazyEndpointName,
  type TAGS,
} from '../contract/endpoints';
import { ErrorAnswerAsRead, RefusalAsRead } from '../contract/schemas';

import { API_BASE_URL, HTTP_TIMEOUT_MS, INTL_LOCALE, newId, STORAGE_KEYS } from './constants';
import type { Effects } from './effects';
import type { LocaleState } from './locale/localeSlice';

// The base query: every request of the app.

// Same origin by default; absolute so that any fetch implementation accepts the address.
const baseUrl = API_BASE_URL || (typeof location === 'undefined' ? '' : location.origin);

/**
 * What the base query reads beside the state (the store's thunk argument): the storage holding the
 * token, and the id of this tab's action log, sent with every request.
 */
export interface RequestContext {
  storage: Effects['storage'];
  logId: string;
}

const fetchQuery = fetchBaseQuery({
  baseUrl,
  timeout: HTTP_TIMEOUT_MS,
  // Late-bound so a test can swap the global fetch after this module loads.
  fetchFn: (input, init) => fetch(input, init),
  prepareHeaders(headers, { extra, getState }) {
    headers.set('Content-Type', 'application/json');
    // The token as stored at request time (the app's storage reads a refusing one as empty).
    const context = extra as RequestContext | undefined;
    const token = context?.storage.getItem(STORAGE_KEYS.token);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const locale = (getState() as { locale?: LocaleState }).locale?.current;
    if (locale) headers.set('Accept-Language', INTL_LOCALE[locale]);
    // The server's records of this request join the action log that records its answer.
    if (context) headers.set('x-log-id', context.logId);
    headers.set('x-request-id', newId());
    return headers;
  },
});

/**
 * The answer's meta: the Request and Response (dropped from the action log, which keeps plain data
 * only) and the request's id, kept in the log as `meta.baseQueryMeta.requestId`. The id is the one
 * the answer names when it names one (an answer taken from the first load's early verify call, or
 * a server that echoes the id), else the one the request carried.
 */
export type RequestMeta = FetchBaseQueryMeta & { requestId?: string };

/**
 * Every answer whose body says `error: true` is an error, whatever its status (a 2xx refusal
 * too), and a refusal's Retry-After joins its body (as `retryAfterSeconds`), so the serializable
 * error in the store still says when to try again. Success answers are then checked against the
 * endpoint's `responseSchema` (below).
 */
export const baseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  object,
  RequestMeta
> = async (args, api, extraOptions) => {
  const answered = await fetchQuery(args, api, extraOptions);
  const meta: RequestMeta | undefined = answered.meta && {
    ...answered.meta,
    requestId:
      (answered.meta.response?.headers.get('x-request-id') ??
        answered.meta.request.headers.get('x-request-id')) ||
      undefined,
  };
  const status = meta?.response?.status;
  const refusedWithSuccess =
    answered.data !== undefined && v.is(RefusalAsRead, answered.data) && status !== undefined;
  const result = refusedWithSuccess
    ? { error: { status, data: answered.data }, meta }
    : { ...answered, meta };
  const retryAfter = Number(meta?.response?.headers.get('retry-after') ?? Number.NaN);
  const { error } = result;
  if (!error || !Number.isFinite(retryAfter) || typeof error.data !== 'object' || !error.data) {
    return result;
  }
  return { ...result, error: { ...error, data: { ...error.data, retryAfterSeconds: retryAfter } } };
};

// A failed request, read through the contract's schemas: nothing unchecked enters the store.

/** What a failed request means for a form: the server's code, or why there was none. */
export type RequestErrorCode = ErrorCode | 'NETWORK' | 'TIMEOUT' | 'UNEXPECTED';

export interface RequestError {
  code: RequestErrorCode;
  fields?: Record<string, FieldErrorCode>;
  status?: number;
  /** From the refusal's Retry-After header. */
  retryAfterSeconds?: number;
}

/** RTK Query's error shape (fetchBaseQuery's, or the schema failure below). */
export const QueryError = v.object({
  status: v.union([v.number(), v.string()]),
  data: v.optional(v.unknown()),
  /** The answer's status when its body was not JSON (`PARSING_ERROR`). */
  originalStatus: v.optional(v.number()),
});

/** Turns RTK Query's error into a serializable, known error. */
export function decodeRequestError(error: unknown): RequestError {
  const parsed = v.safeParse(QueryError, error);
  if (!parsed.success) return { code: 'UNEXPECTED' };
  const { status: reported, data, originalStatus } = parsed.output;
  if (reported === 'FETCH_ERROR') return { code: 'NETWORK' };
  if (reported === 'TIMEOUT_ERROR') return { code: 'TIMEOUT' };
  // An answer that is not JSON still has its status: a proxy's 502 page is a failure of the server.
  const status = reported === 'PARSING_ERROR' ? originalStatus : reported;
  if (typeof status !== 'number') return { code: 'UNEXPECTED' };
  const refusal = v.safeParse(ErrorAnswerAsRead, data);
  if (refusal.success) {
    const { code, fields, retryAfterSeconds } = refusal.output;
    return {
      code,
      status,
      ...(fields && Object.keys(fields).length > 0 ? { fields } : {}),
      ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
    };
  }
  return { code: status >= 500 ? 'INTERNAL' : 'UNEXPECTED', status };
}

/**
 * What a call's rejected action tells the visitor: its error, or null where nothing failed (the
 * call was skipped by its condition, one like it being in flight, or aborted as its view left).
 */
export function callFailure(action: {
  payload?: unknown;
  meta: { condition?: boolean };
  error?: { name?: string };
}): RequestError | null {
  if (action.meta.condition || action.error?.name === 'AbortError') return null;
  return decodeRequestError(action.payload ?? { status: 'FETCH_ERROR' });
}

/**
 * The endpoints not built here from the table alone: verify is declared below; the activity log's
 * upload is injected into this API by its own chunk (features/action-logs/sendLog.ts), since its body is
 * the exported file's text, not the object the table's schema reads it into, and few visits send a
 * log; health (and the probes) and the outbox are for operators and tests.
 */
type NotHere = 'verify' | 'actionLogs' | 'health' | 'live' | 'ready' | 'outbox' | 'oidcCallback';
type Called = Exclude<EndpointName, NotHere | LazyEndpointName>;
const NOT_HERE: ReadonlySet<EndpointName> = new Set<NotHere>([
  'verify',
  'actionLogs',
  'health',
  'live',
  'ready',
  'outbox',
  // The provider sends the browser there; the app never calls it.
  'oidcCallback',
]);
if (ENDPOINT_NAMES.length === 0) {
  throw new Error(
    'The endpoint table is handed in before the API is built: import src/endpoints.ts first.',
  );
}
const CALLED = ENDPOINT_NAMES.filter((name): name is Called => !NOT_HERE.has(name));

/** A body-less read of the signed-in account: the API caches it as a query. */
export function isAccountRead(spec: EndpointSpec): boolean {
  return (
    spec.method === 'GET' &&
    spec.session === 'required' &&
    !spec.body &&
    !spec.params &&
    !spec.query
  );
}

/** The endpoints `isAccountRead` keeps, as a type. */
type Read = {
  [N in Called]: Endpoints[N] extends { method: 'GET'; session: 'required' }
    ? Endpoints[N] extends { body: unknown } | { params: unknown } | { query: unknown }
      ? never
      : N
    : never;
}[Called];
type Changed = Exclude<Called, Read>;
const READS = CALLED.filter((name): name is Read => isAccountRead(table[name]));
const CHANGES = CALLED.filter((name): name is Changed => !isAccountRead(table[name]));

/** The success answer the call decodes: the first of 200, 201 and 202, as `successSchemaOf`. */
type Success<N extends EndpointName> = Endpoints[N]['answers'] extends { 200: infer S }
  ? S
  : Endpoints[N]['answers'] extends { 201: infer S }
    ? S
    : Endpoints[N]['answers'] extends { 202: infer S }
      ? S
      : never;

/** The path's parameters of an endpoint (none: unknown, which adds nothing to an intersection). */
type ParamsOf<N extends EndpointName> = Endpoints[N] extends {
  params: infer P extends v.GenericSchema;
}
  ? v.InferInput<P>
  : unknown;

/** The query string's parameters of an endpoint (none: unknown). */
type QueryOf<N extends EndpointName> = Endpoints[N] extends {
  query: infer Q extends v.GenericSchema;
}
  ? v.InferInput<Q>
  : unknown;

/** The trigger's argument: the body and the path's and query's parameters, or nothing. */
export type ArgOf<N extends EndpointName> = Endpoints[N] extends {
  body: infer B extends v.GenericSchema;
}
  ? v.InferInput<B> & ParamsOf<N>
  : Endpoints[N] extends { params: infer P extends v.GenericSchema }
    ? v.InferInput<P> & QueryOf<N>
    : Endpoints[N] extends { query: infer Q extends v.GenericSchema }
      ? v.InferInput<Q>
      : void;

type ResultOf<N extends EndpointName> =
  Success<N> extends v.GenericSchema ? v.InferOutput<Success<N>> : never;

/** The request of an endpoint: its method, its path with its parameters filled in, its body. */
export function requestOf(spec: EndpointSpec, arg: unknown): FetchArgs {
  const params = spec.params ? (arg as Record<string, string>) : {};
  const path = spec.path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
  const given = spec.query ? ((arg ?? {}) as Record<string, string | undefined>) : {};
  const query = spec.query
    ? Object.keys((spec.query as unknown as { entries: object }).entries)
        .filter((name) => given[name] !== undefined)
        .map((name) => `${name}=${encodeURIComponent(given[name]!)}`)
    : [];
  const url = query.length > 0 ? `${path}?${query.join('&')}` : path;
  return { url, method: spec.method, ...(spec.body ? { body: arg } : {}) };
}

/** The schema of the endpoint's success answer. */
function successSchemaOf(spec: EndpointSpec): v.GenericSchema | undefined {
  return spec.answers[200] ?? spec.answers[201] ?? spec.answers[202];
}

type Build = EndpointBuilder<typeof baseQuery, keyof typeof TAGS, 'api'>;

/** An endpoint's call: a mutation sending its request and decoding its success answer. */
function mutationOf<N extends EndpointName>(build: Build, name: N) {
  const spec: EndpointSpec = table[name];
  return build.mutation<ResultOf<N>, ArgOf<N>>({
    query: (arg) => requestOf(spec, arg),
    responseSchema: successSchemaOf(spec) as v.GenericSchema<ResultOf<N>>,
  });
}

function mutationsOf<N extends EndpointName>(build: Build, names: readonly N[]) {
  return Object.fromEntries(names.map((name) => [name, mutationOf(build, name)])) as unknown as {
    [K in N]: ReturnType<typeof mutationOf<K>>;
  };
}

/** What the cache holds for the read `queryApi` runs, as the last answer or change left it. */
function cachedAnswer(queryApi: BaseQueryApi): unknown {
  const { api: state } = queryApi.getState() as {
    api: { queries: Record<string, { data?: unknown } | undefined> };
  };
  return queryApi.queryCacheKey === undefined
    ? undefined
    : state.queries[queryApi.queryCacheKey]?.data;
}

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  // The tags of the entries the page has: the tags' descriptions are the API reference's alone.
  tagTypes: [...new Set(ENDPOINT_NAMES.map((name) => table[name].tag))],
  // A success answer that does not match its schema is an unexpected answer, not a crash: the
  // form says something went wrong, and nothing unchecked reaches the store.
  catchSchemaFailure: (failure) => ({
    status: 'CUSTOM_ERROR' as const,
    error: `the answer does not match the contract (${failure.schemaName})`,
  }),
  endpoints: (build) => {
    const query = <N extends Read>(name: N) => {
      const spec: EndpointSpec = table[name];
      return build.query<ResultOf<N>, void>({
        // A change's answer written while this read was on its way is newer: it stays.
        queryFn: async (_arg, queryApi, _extraOptions, fetch) => {
          const before = cachedAnswer(queryApi);
          const answer = await fetch(requestOf(spec, undefined));
          const now = cachedAnswer(queryApi);
          const kept =
            answer.data !== undefined && now !== before ? { ...answer, data: now } : answer;
          return kept as QueryReturnValue<ResultOf<N>, FetchBaseQueryError, RequestMeta>;
        },
        responseSchema: successSchemaOf(spec) as v.GenericSchema<ResultOf<N>>,
        providesTags: [spec.tag],
        // The answer stays until the session ends (the root reducer drops it then): no timer.
        keepUnusedDataFor: Infinity,
      });
    };
    const changes = mutationsOf(build, CHANGES);
    const reads = Object.fromEntries(READS.map((name) => [name, query(name)])) as unknown as {
      [N in Read]: ReturnType<typeof query<N>>;
    };
    return {
      /**
       * Arg: the key of the navigation this check belongs to. The answer is decoded by the
       * caller, which also reads answers of other implementations of the API.
       */
      verify: build.mutation<unknown, string>({
        query: () => requestOf(table.verify, undefined),
      }),
      ...changes,
      ...reads,
    };
  },
});

/**
 * Injects the calls of entries a part's chunk brings (the operator console's): they join the table
 * first, so the platform knows them as it knows the page's.
 */
export function injectEntries<N extends LazyEndpointName>(
  entries: Readonly<Record<N, EndpointSpec>>,
) {
  handInEndpoints(entries);
  return api.injectEndpoints({
    endpoints: (build) => mutationsOf(build, Object.keys(entries) as N[]),
  });
}

/** Options every trigger uses: see the comment at the top of this file. */
export const UNTRACKED = { track: false } as const;

/**
 * Options every read uses: it asks the server again even when the cache has an answer, and holds
 * no subscription (the cache keeps the answer until the session ends; a read under way is shared).
 */
export const ASK_AFRESH = { subscribe: false, forceRefetch: true } as const;

/** The endpoints `isAccountRead` keeps. */
export const ACCOUNT_READS: readonly EndpointName[] = READS;

/** Where a cached read stands, as a view says it: not asked yet, asked, failed, or answered. */
export type ReadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/**
 * A cached read's status and error, from its selector's flags: its last answer stays beside them
 * while it is asked again, and after it could not be answered.
 */
export function readProgress(read: {
  isUninitialized: boolean;
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
}): { status: ReadStatus; error: RequestError | null } {
  const status = read.isUninitialized
    ? 'idle'
    : read.isLoading
      ? 'loading'
      : read.isError
        ? 'failed'
        : 'loaded';
  return { status, error: read.isError ? decodeRequestError(read.error) : null };
}
