// The account API's table, one entry per endpoint: its method and path, its body, its answers by
// status, whether it needs a session, which body fields are secrets, and the form that sends it.
// The entries live in their features (`features/<name>/endpoints.ts`); here are their shape, the
// error table, and the table the entry points hand in. The server registers its handlers from
// it, the app builds its API calls and form states from it, and the API reference
// (docs/openapi.json) is written from it.
import type * as v from 'valibot';

import * as S from './schemas';

export type ErrorCode = (typeof S.ERROR_CODES)[number];

/** The one error table: every code the API refuses with, its status and its message. */
export const ERRORS = {
  VALIDATION: { status: 400, message: 'Some fields are not valid.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait and try again.' },
  INVALID_CODE: { status: 400, message: 'The code is wrong, expired or already used.' },
  PASSWORD_NOT_CHOSEN: {
    status: 400,
    message: 'The code is right, but the password is none of those chosen at sign-up.',
  },
  INVALID_CREDENTIALS: { status: 401, message: 'The email or password is wrong.' },
  ACCOUNT_NOT_ACTIVATED: { status: 403, message: 'The account is not activated yet.' },
  INVALID_TOKEN: { status: 401, message: 'The session is missing, expired or revoked.' },
  INVALID_TICKET: {
    status: 401,
    message: 'The sign-in took too long or was already finished: sign in again.',
  },
  INVALID_CREDENTIAL: {
    status: 401,
    message: "The passkey is not one of this account's, or its check failed.",
  },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  SECOND_FACTOR_ON: {
    status: 409,
    message: 'The second factor is already on: turn it off before setting up another.',
  },
  PASSKEY_LIMIT: {
    status: 409,
    message: `The account keeps ${S.PASSKEYS_MAX} passkeys, the most it may: remove one before adding another.`,
  },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'The request body must be JSON.' },
  BAD_REQUEST: { status: 400, message: 'The request is malformed.' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request did not arrive in time.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is unavailable.' },
  INTERNAL: { status: 500, message: 'Something went wrong on our side.' },
  UNKNOWN_CREDENTIAL: {
    status: 404,
    message:
      'No account here has this passkey (it was removed, or its account deleted): the browser may forget it.',
  },
  CONFIRMATION_REQUIRED: {
    status: 403,
    message:
      'Confirm it is you first (POST /v1/api/user/confirm): the password, with the code where two-step sign-in is on, or a passkey.',
  },
  ACCOUNT_LOCKED: {
    status: 403,
    message: 'This account is locked: contact support.',
  },
  FORBIDDEN: { status: 403, message: 'Only an operator may do this.' },
  ACCOUNT_EXISTS: {
    status: 409,
    message:
      'An account already has this email: log in to it first (password or passkey), then connect the provider from its page.',
  },
  EMAIL_NOT_VERIFIED: {
    status: 400,
    message:
      'The provider has not verified this email address: verify it with the provider, or sign up with a password.',
  },
  LAST_WAY_IN: {
    status: 409,
    message:
      'This is the only way into the account: set a password or add a passkey before disconnecting it.',
  },
  PROVIDER_FAILED: {
    status: 400,
    message: 'The sign-in with the provider could not be checked: start it again.',
  },
  PROVIDER_CANCELLED: {
    status: 400,
    message: 'The sign-in with the provider was cancelled or refused there.',
  },
  IDENTITY_TAKEN: {
    status: 409,
    message: 'This provider account is already connected to another account.',
  },
  INVALID_HANDOFF: {
    status: 400,
    message: 'The sign-in with the provider took too long or was already finished: start again.',
  },
} as const satisfies Record<ErrorCode, { status: number; message: string }>;

/** The groups of the API reference. */
export const TAGS = {
  session: 'Signing in and out, and reading the session a token stands for.',
  signup: 'Creating an account and activating it with the mailed code.',
  password: 'Resetting a forgotten password with a mailed code.',
  account: "The signed-in user's own account: password, email, deletion.",
  confirmation:
    'Confirming it is you (the password, the second factor when it is on, or a passkey): for ten minutes the session may make the changes that ask for it.',
  sessions: "The signed-in user's live sessions.",
  secondFactor: "The signed-in user's second factor: an authenticator app's codes (TOTP).",
  passkeys: "The signed-in user's passkeys (WebAuthn), and signing in with one.",
  support: 'Activity logs sent to support.',
  operations: 'Health of the running server.',
  development: 'Development-only helpers, served in the outbox mail mode alone.',
  providers:
    'Signing in with an OpenID Connect provider, and the providers connected to the account.',
  operator:
    "Support's reads and actions on users: operators only (granted on the server's command line), with a confirmation by the second factor or a passkey in the last ten minutes.",
} as const;

export interface EndpointSpec {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** `:name` marks a path parameter, described by `params`. */
  readonly path: `/${string}`;
  readonly tag: keyof typeof TAGS;
  /**
   * `required`: a live session's bearer token (`Authorization: Bearer …`), refused with 401
   * INVALID_TOKEN otherwise; `optional`: read when sent; `none`: not read.
   */
  readonly session: 'required' | 'optional' | 'none';
  /**
   * Which of its answers the server's record of account decisions keeps: `all` (the account
   * endpoints), `refusals` (the session check, and options that only hand out a challenge: their
   * refusals are decisions, their successes are not), `none` (reads, uploads, health).
   */
  readonly records: 'all' | 'refusals' | 'none';
  /** The JSON body; an endpoint without one sends none. A body can be refused with VALIDATION. */
  readonly body?: v.GenericSchema;
  readonly params?: v.GenericSchema;
  /** The query string's parameters, all optional. */
  readonly query?: v.GenericSchema;
  /** Body fields whose values are secrets: never logged, recorded or shown. */
  readonly secret?: readonly SecretBodyField[];
  /** The answers with a body of their own, by status: the success, and any refusal not ErrorBody. */
  readonly answers: Readonly<Partial<Record<number, v.GenericSchema>>>;
  /**
   * The refusals this endpoint itself answers (ErrorBody, status from ERRORS). Every
   * endpoint may also answer those of `COMMON_REFUSALS`, and those its body and session imply.
   */
  readonly refusals: readonly ErrorCode[];
  /**
   * A sensitive action: allowed within CONFIRMATION_SECONDS of the session's confirmation (POST
   * `confirm`), else refused with 403 CONFIRMATION_REQUIRED. `password` names the body field whose
   * password (with the body's `code` where two-step sign-in is on) confirms that request by itself.
   */
  readonly confirmation?: { readonly password?: 'password' | 'currentPassword' };
  /**
   * A way in: its success answer is a session, or the ticket of the login's second step
   * (LoginOk). The app treats every endpoint marked so alike (store/wayIn.ts).
   */
  readonly signsIn?: true;
  /** The largest body taken, in bytes, when above the server's default. */
  readonly bodyLimit?: number;
  /** The app's form (or button) whose request state this endpoint's answers set. */
  readonly form?: string;
  /** Not part of the API (left out of its reference). */
  readonly internal?: boolean;
  /** The endpoint answers a browser's navigation with 303 See Other to the app: where, and why. */
  readonly redirect?: string;
}

/** An entry's lines in the API reference: one per endpoint. */
export type Summaries<T> = Readonly<Record<keyof T, string>>;

/** A group of entries, checked against EndpointSpec and kept with their literal types. */
export function defineEndpoints<const T extends Record<string, EndpointSpec>>(entries: T): T {
  return entries;
}

/**
 * The table's type: each feature's `endpoints.ts` adds its entries here (`declare module`), so the
 * contract names no feature while the server's handlers and the app's calls stay typed by name.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface EndpointTable {}

/** The entries the app loads with a part's chunk (injected then), not with the page. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface LazyEndpointTable {}

export type Endpoints = EndpointTable;
export type EndpointName = keyof Endpoints;
export type LazyEndpointName = keyof LazyEndpointTable;

/**
 * The entries handed in by the entry points (the server's app, each page's first import, a part's
 * chunk), by name and in the API reference's order: the platform reads the table here, and names
 * no feature.
 */
export const endpoints = {} as Endpoints;
const names: EndpointName[] = [];
export const ENDPOINT_NAMES: readonly EndpointName[] = names;
const summaries: Partial<Record<EndpointName, string>> = {};
/** Each endpoint's one line in the API reference, handed in by the server's side only. */
export const SUMMARIES: Readonly<Partial<Record<EndpointName, string>>> = summaries;
const named: Record<string, v.GenericSchema> = {};
/**
 * The features' own messages by name (each feature's `schemas.ts`), handed in by the server's side
 * only: the API reference names them, beside the contract's, as its components.
 */
export const FEATURE_SCHEMAS: Readonly<Record<string, v.GenericSchema>> = named;

/** The ways in: the endpoints whose answer signs the visitor in, or asks for the second step. */
export type WayIn = {
  [N in EndpointName]: Endpoints[N] extends { signsIn: true } ? N : never;
}[EndpointName];
export const WAYS_IN: readonly WayIn[] = [];

/** Every endpoint's path, by endpoint name. */
export const API_PATHS = {} as { readonly [N in EndpointName]: Endpoints[N]['path'] };

/**
 * Refusals any endpoint may answer: a malformed request, one too slow to arrive, a server too
 * busy or a database unreachable (with Retry-After), and a failure of the server's own.
 */
export const COMMON_REFUSALS = [
  'BAD_REQUEST',
  'REQUEST_TIMEOUT',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const satisfies readonly ErrorCode[];

/** Every refusal an endpoint may answer: its own, its body's and session's, and the common ones. */
export function refusalsOf(spec: EndpointSpec): ErrorCode[] {
  const codes: ErrorCode[] = [];
  if (spec.body) codes.push('VALIDATION', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE');
  if (spec.session === 'required') codes.push('INVALID_TOKEN');
  if (spec.confirmation) codes.push('CONFIRMATION_REQUIRED');
  if (spec.signsIn) codes.push('ACCOUNT_LOCKED');
  if (spec.confirmation?.password) codes.push('INVALID_CODE', 'RATE_LIMITED');
  codes.push(...spec.refusals, ...COMMON_REFUSALS);
  return [...new Set(codes)];
}

interface Answer {
  schema: v.GenericSchema;
  /** The refusals answered with this status. */
  codes: ErrorCode[];
}

/** The endpoint's answers by status: each with its schema and, for refusals, their codes. */
export function answersOf(spec: EndpointSpec): Map<number, Answer> {
  const answers = new Map<number, Answer>();
  for (const [status, schema] of Object.entries(spec.answers)) {
    if (schema) answers.set(Number(status), { schema, codes: [] });
  }
  for (const code of refusalsOf(spec)) {
    const { status } = ERRORS[code];
    const answer: Answer = answers.get(status) ?? { schema: S.ErrorBody, codes: [] };
    answer.codes.push(code);
    answers.set(status, answer);
  }
  return new Map([...answers].sort(([a], [b]) => a - b));
}

/** Statuses whose answers carry `Retry-After`: when to try again. */
export const RETRY_AFTER_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/** The names of the app's forms, each set by the answers of its endpoints. */
export type FormName = {
  [N in EndpointName]: Endpoints[N] extends { form: infer F extends string } ? F : never;
}[EndpointName];

/** The endpoints sent by a form. */
export type FormEndpoint = {
  [N in EndpointName]: Endpoints[N] extends { form: string } ? N : never;
}[EndpointName];

/** Each form with the endpoints whose answers set its request state. */
export const ENDPOINT_FORMS: readonly (readonly [FormName, FormEndpoint])[] = [];

/**
 * Hands entries to the platform: the server's app hands in every entry, each page of the app those
 * it loads with (its first import), and a part's chunk its own before it injects them. The order
 * handed in is the API reference's. An entry handed in twice is kept once. The server's side also
 * hands in each endpoint's line and the features' messages by name, for the API reference.
 */
export function handInEndpoints(
  entries: Readonly<Partial<Record<EndpointName, EndpointSpec>>>,
  lines: Readonly<Partial<Record<EndpointName, string>>> = {},
  schemas: Readonly<Record<string, v.GenericSchema>> = {},
): void {
  for (const [key, schema] of Object.entries(schemas)) {
    if (named[key] !== undefined && named[key] !== schema) {
      throw new Error(`Two messages are named ${key}: the API reference names each once.`);
    }
  }
  Object.assign(named, schemas);
  for (const [key, spec] of Object.entries(entries) as [EndpointName, EndpointSpec][]) {
    if (!(key in endpoints)) {
      (endpoints as Record<EndpointName, EndpointSpec>)[key] = spec;
      names.push(key);
      (API_PATHS as Record<EndpointName, string>)[key] = spec.path;
      if (spec.signsIn) (WAYS_IN as WayIn[]).push(key as WayIn);
      if (spec.form) {
        (ENDPOINT_FORMS as (readonly [FormName, FormEndpoint])[]).push([
          spec.form as FormName,
          key as FormEndpoint,
        ]);
      }
    }
    if (lines[key] !== undefined) summaries[key] = lines[key];
  }
}

/**
 * Body fields the app fills in itself (from the mailed link, the login's answer, or the browser's
 * passkey), never shown as form fields.
 */
const NOT_TYPED: ReadonlySet<string> = new Set([
  'linkToken',
  'ticket',
  'response',
  'passkeyResponse',
  'handoff',
]);

type BodyOf<N extends EndpointName> = Endpoints[N] extends { body: infer B extends v.GenericSchema }
  ? v.InferInput<B>
  : Record<never, never>;

/** The fields a form of this endpoint shows (of each endpoint, for a union). */
export type FormFieldOf<N extends EndpointName> = N extends EndpointName
  ? Exclude<
      keyof BodyOf<N> & string,
      'linkToken' | 'ticket' | 'response' | 'passkeyResponse' | 'handoff'
    >
  : never;

function entriesOf(schema: v.GenericSchema): Record<string, unknown> {
  if ('entries' in schema) return schema.entries as Record<string, unknown>;
  const first = 'pipe' in schema ? (schema.pipe as v.GenericSchema[])[0] : undefined;
  return first ? entriesOf(first) : {};
}

/** The fields a visitor types for this endpoint's body, in the body's order. */
export function formFields<N extends EndpointName>(name: N): readonly FormFieldOf<N>[] {
  const spec: EndpointSpec = endpoints[name];
  if (!spec.body) return [];
  return Object.keys(entriesOf(spec.body)).filter(
    (field) => !NOT_TYPED.has(field),
  ) as FormFieldOf<N>[];
}

/**
 * The body fields that may be secrets (an entry's `secret` names only these): a list of the
 * contract's, not the entries', so the action log's redaction knows every one from the page's
 * first load, also those of entries a part's chunk injects later.
 */
export const SECRET_BODY_FIELDS = [
  'password',
  'code',
  'newPassword',
  'linkToken',
  'ticket',
  'recoveryCode',
  'currentPassword',
  'response',
  'passkeyResponse',
  'handoff',
] as const;
export type SecretBodyField = (typeof SECRET_BODY_FIELDS)[number];

/**
 * Every field name whose value is a secret wherever it appears: the bodies' secret fields, the
 * session token and the second factor's secrets of the answers, and the bearer header.
 */
export const SECRET_FIELDS: readonly string[] = [
  ...new Set([
    ...SECRET_BODY_FIELDS,
    'token',
    'authorization',
    // Answers of the second factor: its secret, and the recovery codes shown once.
    'secret',
    'otpauthUri',
    'recoveryCodes',
    // WebAuthn options: their single-use challenge, and the credential ids they name.
    'challenge',
    'allowCredentials',
    'excludeCredentials',
    // A provider flow: its authorization address (state, nonce, PKCE challenge) and handoff.
    'authorizationUrl',
    'handoff',
    'nonce',
  ]),
];
