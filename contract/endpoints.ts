// The account API, one value per endpoint: its method and path, its body, its answers by status,
// whether it needs a session, which body fields are secrets, and the form that sends it. The
// server registers its handlers from this table, the app builds its API calls and form states
// from it, the action log's redaction reads its secret fields from it, and the API reference
// (docs/openapi.json) is written from it.
import type * as v from 'valibot';

import * as F from './funnel';
import * as P from './oidc';
import * as O from './operator';
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
  readonly secret?: readonly string[];
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
   * (LoginOk). The app treats every endpoint marked so alike (store/auth/wayIn.ts).
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

/** The largest activity log taken. */
const ACTION_LOG_BODY_LIMIT = 2 * 1024 * 1024;

const OPERATOR_REFUSALS = ['FORBIDDEN', 'CONFIRMATION_REQUIRED', 'RATE_LIMITED'] as const;
const OPERATOR_USER = '/v1/api/operator/users/:id';

/**
 * The operator API: every endpoint needs an operator's session, confirmed strongly (tag). Support's
 * reads record their refusals (someone not an operator trying); its actions all.
 */
const operatorEndpoints = {
  operatorUsers: {
    records: 'refusals',
    method: 'GET',
    path: '/v1/api/operator/users',
    tag: 'operator',
    session: 'required',
    query: O.OperatorUsersQuery,
    answers: { 200: O.OperatorUsersOk },
    refusals: [...OPERATOR_REFUSALS, 'VALIDATION'],
  },
  operatorUser: {
    records: 'refusals',
    method: 'GET',
    path: OPERATOR_USER,
    tag: 'operator',
    session: 'required',
    params: O.OperatorUserParams,
    answers: { 200: O.OperatorUserOk },
    refusals: [...OPERATOR_REFUSALS, 'NOT_FOUND'],
  },
  operatorUserEvents: {
    records: 'refusals',
    method: 'GET',
    path: `${OPERATOR_USER}/events`,
    tag: 'operator',
    session: 'required',
    params: O.OperatorUserParams,
    query: O.OperatorEventsQuery,
    answers: { 200: O.OperatorEventsOk },
    refusals: [...OPERATOR_REFUSALS, 'NOT_FOUND', 'VALIDATION'],
  },
  operatorEndSessions: {
    records: 'all',
    method: 'POST',
    path: `${OPERATOR_USER}/sessions/end`,
    tag: 'operator',
    session: 'required',
    params: O.OperatorUserParams,
    body: O.OperatorEndSessionsBody,
    answers: { 200: O.OperatorEndSessionsOk },
    refusals: [...OPERATOR_REFUSALS, 'NOT_FOUND'],
  },
  operatorLock: {
    records: 'all',
    method: 'POST',
    path: `${OPERATOR_USER}/lock`,
    tag: 'operator',
    session: 'required',
    params: O.OperatorUserParams,
    answers: { 200: S.PlainOk },
    refusals: [...OPERATOR_REFUSALS, 'NOT_FOUND'],
  },
  operatorUnlock: {
    records: 'all',
    method: 'POST',
    path: `${OPERATOR_USER}/unlock`,
    tag: 'operator',
    session: 'required',
    params: O.OperatorUserParams,
    answers: { 200: S.PlainOk },
    refusals: [...OPERATOR_REFUSALS, 'NOT_FOUND'],
  },
  operatorResendActivation: {
    records: 'all',
    method: 'POST',
    path: `${OPERATOR_USER}/resend-activation`,
    tag: 'operator',
    session: 'required',
    params: O.OperatorUserParams,
    answers: { 202: S.PlainOk },
    refusals: [...OPERATOR_REFUSALS, 'NOT_FOUND'],
  },
  operatorDeleteUser: {
    records: 'all',
    method: 'DELETE',
    path: OPERATOR_USER,
    tag: 'operator',
    session: 'required',
    params: O.OperatorUserParams,
    answers: { 200: S.PlainOk },
    refusals: [...OPERATOR_REFUSALS, 'NOT_FOUND'],
  },
  operatorAddressEvents: {
    records: 'refusals',
    method: 'GET',
    path: '/v1/api/operator/events',
    tag: 'operator',
    session: 'required',
    query: O.OperatorAddressEventsQuery,
    answers: { 200: O.OperatorEventsOk },
    refusals: [...OPERATOR_REFUSALS, 'VALIDATION'],
  },
  operatorUserUploads: {
    records: 'refusals',
    method: 'GET',
    path: `${OPERATOR_USER}/uploads`,
    tag: 'operator',
    session: 'required',
    params: O.OperatorUserParams,
    answers: { 200: O.OperatorUploadsOk },
    refusals: [...OPERATOR_REFUSALS, 'NOT_FOUND'],
  },
  operatorUpload: {
    records: 'refusals',
    method: 'GET',
    path: '/v1/api/operator/uploads/:id',
    tag: 'operator',
    session: 'required',
    params: O.OperatorUploadParams,
    answers: { 200: O.OperatorUploadOk },
    refusals: [...OPERATOR_REFUSALS, 'NOT_FOUND'],
  },
  operatorFunnel: {
    records: 'refusals',
    method: 'GET',
    path: '/v1/api/operator/funnel',
    tag: 'operator',
    session: 'required',
    query: F.FunnelQuery,
    answers: { 200: F.FunnelOk },
    refusals: [...OPERATOR_REFUSALS, 'VALIDATION'],
  },
} as const satisfies Record<string, EndpointSpec>;

const OIDC = '/v1/api/user/oidc';

/**
 * Signing in with an OpenID Connect provider (CONTRACT section 2c). Without a provider configured,
 * every one but the list answers 404 NOT_FOUND.
 */
const oidcEndpoints = {
  oidcProviders: {
    method: 'GET',
    path: `${OIDC}/providers`,
    tag: 'providers',
    session: 'none',
    records: 'none',
    answers: { 200: P.OidcProvidersOk },
    refusals: [],
  },
  oidcStart: {
    method: 'POST',
    path: `${OIDC}/:id/start`,
    tag: 'providers',
    session: 'optional',
    records: 'refusals',
    params: P.OidcProviderParams,
    body: P.OidcStartBody,
    answers: { 200: P.OidcStartOk },
    refusals: ['NOT_FOUND', 'INVALID_TOKEN', 'CONFIRMATION_REQUIRED', 'RATE_LIMITED'],
  },
  oidcCallback: {
    method: 'GET',
    path: `${OIDC}/:id/callback`,
    tag: 'providers',
    session: 'none',
    records: 'all',
    params: P.OidcProviderParams,
    query: P.OidcCallbackQuery,
    answers: {},
    refusals: [],
    redirect:
      'A `login` flow: to `/login?provider-handoff=<single-use code, 60 s>`. A `connect` or `confirm` flow ends here: to its return path (`/` by default) with `provider-connected=<id>` or `provider-confirmed=<id>`. A refusal: to `/login?provider-error=<code>` (the return path for `connect` and `confirm` once the flow is known): `PROVIDER_FAILED` (no such flow, another browser, a token that fails its checks), `PROVIDER_CANCELLED`, `IDENTITY_TAKEN`, `INVALID_TOKEN` (the session ended meanwhile), `RATE_LIMITED`',
  },
  oidcComplete: {
    method: 'POST',
    path: `${OIDC}/complete`,
    tag: 'providers',
    session: 'none',
    records: 'all',
    body: P.OidcCompleteBody,
    secret: ['handoff'],
    signsIn: true,
    answers: { 200: P.OidcCompleteOk },
    refusals: [
      'INVALID_HANDOFF',
      'ACCOUNT_EXISTS',
      'EMAIL_NOT_VERIFIED',
      'NOT_FOUND',
      'RATE_LIMITED',
    ],
    form: 'oidcComplete',
  },
  oidcConnections: {
    method: 'GET',
    path: `${OIDC}/connections`,
    tag: 'providers',
    session: 'required',
    records: 'none',
    answers: { 200: P.OidcConnectionsOk },
    refusals: ['NOT_FOUND'],
  },
  oidcDisconnect: {
    method: 'DELETE',
    path: `${OIDC}/:id`,
    tag: 'providers',
    session: 'required',
    records: 'all',
    params: P.OidcProviderParams,
    confirmation: {},
    answers: { 200: S.PlainOk },
    refusals: ['NOT_FOUND', 'LAST_WAY_IN', 'RATE_LIMITED'],
    form: 'oidcDisconnect',
  },
} as const satisfies Record<string, EndpointSpec>;

export const endpoints = {
  verify: {
    method: 'GET',
    path: '/v1/api/user/verify',
    tag: 'session',
    session: 'required',
    records: 'refusals',
    answers: { 200: S.VerifyOk },
    refusals: [],
  },
  signup: {
    method: 'POST',
    path: '/v1/api/user/signup',
    tag: 'signup',
    session: 'none',
    records: 'all',
    body: S.SignupBody,
    secret: ['password'],
    answers: { 201: S.SignupOk },
    refusals: ['RATE_LIMITED'],
    form: 'signup',
  },
  verifyAccount: {
    method: 'POST',
    path: '/v1/api/user/verify-account',
    tag: 'signup',
    session: 'none',
    records: 'all',
    body: S.VerifyAccountBody,
    secret: ['code', 'password', 'newPassword', 'linkToken'],
    signsIn: true,
    answers: { 200: S.LoginOk },
    refusals: ['INVALID_CODE', 'PASSWORD_NOT_CHOSEN', 'RATE_LIMITED'],
    form: 'activation',
  },
  resendActivation: {
    method: 'POST',
    path: '/v1/api/user/resend-activation',
    tag: 'signup',
    session: 'none',
    records: 'all',
    body: S.ResendActivationBody,
    answers: { 202: S.PlainOk },
    refusals: ['RATE_LIMITED'],
    form: 'resend',
  },
  login: {
    method: 'POST',
    path: '/v1/api/user/login',
    tag: 'session',
    session: 'none',
    records: 'all',
    body: S.LoginBody,
    secret: ['password'],
    signsIn: true,
    answers: { 200: S.LoginOk },
    refusals: ['INVALID_CREDENTIALS', 'ACCOUNT_NOT_ACTIVATED', 'RATE_LIMITED'],
    form: 'login',
  },
  loginSecondFactor: {
    method: 'POST',
    path: '/v1/api/user/login/second-factor',
    tag: 'session',
    session: 'none',
    records: 'all',
    body: S.LoginSecondFactorBody,
    secret: ['ticket', 'code', 'recoveryCode'],
    signsIn: true,
    answers: { 200: S.SessionOk },
    refusals: ['INVALID_CODE', 'INVALID_TICKET', 'RATE_LIMITED'],
    form: 'loginSecondFactor',
  },
  logout: {
    method: 'POST',
    path: '/v1/api/user/logout',
    tag: 'session',
    session: 'required',
    records: 'all',
    answers: { 200: S.PlainOk },
    refusals: [],
    form: 'logout',
  },
  requestPasswordReset: {
    method: 'POST',
    path: '/v1/api/user/request-password-reset',
    tag: 'password',
    session: 'none',
    records: 'all',
    body: S.RequestPasswordResetBody,
    answers: { 202: S.PlainOk },
    refusals: ['RATE_LIMITED'],
    form: 'requestReset',
  },
  resetPassword: {
    method: 'POST',
    path: '/v1/api/user/reset-password',
    tag: 'password',
    session: 'none',
    records: 'all',
    body: S.ResetPasswordBody,
    secret: ['code', 'password', 'linkToken'],
    signsIn: true,
    answers: { 200: S.LoginOk },
    refusals: ['INVALID_CODE', 'RATE_LIMITED'],
    form: 'resetPassword',
  },
  changePassword: {
    method: 'POST',
    path: '/v1/api/user/change-password',
    tag: 'account',
    session: 'required',
    records: 'all',
    body: S.ChangePasswordBody,
    secret: ['currentPassword', 'newPassword', 'code'],
    confirmation: { password: 'currentPassword' },
    answers: { 200: S.PlainOk },
    refusals: ['RATE_LIMITED'],
    form: 'changePassword',
  },
  changeEmail: {
    method: 'POST',
    path: '/v1/api/user/change-email',
    tag: 'account',
    session: 'required',
    records: 'all',
    body: S.ChangeEmailBody,
    secret: ['password', 'code'],
    confirmation: { password: 'password' },
    answers: { 202: S.PlainOk },
    refusals: ['RATE_LIMITED'],
    form: 'changeEmail',
  },
  emailChange: {
    method: 'GET',
    path: '/v1/api/user/email-change',
    tag: 'account',
    session: 'required',
    records: 'none',
    answers: { 200: S.EmailChangeOk },
    refusals: [],
  },
  resendEmailChange: {
    method: 'POST',
    path: '/v1/api/user/email-change/resend',
    tag: 'account',
    session: 'required',
    records: 'all',
    answers: { 202: S.PlainOk },
    refusals: ['NOT_FOUND', 'RATE_LIMITED'],
    form: 'resendEmailCode',
  },
  cancelEmailChange: {
    method: 'DELETE',
    path: '/v1/api/user/email-change',
    tag: 'account',
    session: 'required',
    records: 'all',
    answers: { 200: S.PlainOk },
    refusals: [],
    form: 'cancelEmailChange',
  },
  confirmEmailChange: {
    method: 'POST',
    path: '/v1/api/user/confirm-email-change',
    tag: 'account',
    session: 'required',
    records: 'all',
    body: S.ConfirmEmailChangeBody,
    secret: ['code', 'linkToken'],
    answers: { 200: S.ConfirmEmailChangeOk },
    refusals: ['INVALID_CODE', 'RATE_LIMITED'],
    form: 'confirmEmail',
  },
  deleteAccount: {
    method: 'POST',
    path: '/v1/api/user/delete-account',
    tag: 'account',
    session: 'required',
    records: 'all',
    body: S.DeleteAccountBody,
    secret: ['password', 'code'],
    confirmation: { password: 'password' },
    answers: { 200: S.PlainOk },
    refusals: ['RATE_LIMITED'],
    form: 'deleteAccount',
  },
  sessions: {
    method: 'GET',
    path: '/v1/api/user/sessions',
    tag: 'sessions',
    session: 'required',
    records: 'none',
    answers: { 200: S.SessionsOk },
    refusals: [],
  },
  revokeOtherSessions: {
    method: 'POST',
    path: '/v1/api/user/sessions/revoke-others',
    tag: 'sessions',
    session: 'required',
    records: 'all',
    answers: { 200: S.RevokeOthersOk },
    refusals: [],
    form: 'revokeSessions',
  },
  revokeSession: {
    method: 'DELETE',
    path: '/v1/api/user/sessions/:id',
    tag: 'sessions',
    session: 'required',
    records: 'all',
    params: S.SessionParams,
    answers: { 200: S.PlainOk },
    refusals: ['NOT_FOUND'],
    form: 'revokeSessions',
  },
  secondFactor: {
    method: 'GET',
    path: '/v1/api/user/totp',
    tag: 'secondFactor',
    session: 'required',
    records: 'none',
    answers: { 200: S.SecondFactorStatusOk },
    refusals: [],
  },
  startSecondFactor: {
    method: 'POST',
    path: '/v1/api/user/totp/setup',
    tag: 'secondFactor',
    session: 'required',
    records: 'all',
    body: S.StartSecondFactorBody,
    secret: ['password', 'code'],
    confirmation: { password: 'password' },
    answers: { 200: S.SecondFactorSetupOk },
    refusals: ['SECOND_FACTOR_ON', 'RATE_LIMITED'],
    form: 'startSecondFactor',
  },
  confirmSecondFactor: {
    method: 'POST',
    path: '/v1/api/user/totp/enable',
    tag: 'secondFactor',
    session: 'required',
    records: 'all',
    body: S.ConfirmSecondFactorBody,
    secret: ['code'],
    answers: { 200: S.RecoveryCodesOk },
    refusals: ['INVALID_CODE', 'NOT_FOUND', 'RATE_LIMITED'],
    form: 'confirmSecondFactor',
  },
  renewRecoveryCodes: {
    method: 'POST',
    path: '/v1/api/user/totp/recovery-codes',
    tag: 'secondFactor',
    session: 'required',
    records: 'all',
    body: S.RenewRecoveryCodesBody,
    secret: ['password', 'code'],
    confirmation: { password: 'password' },
    answers: { 200: S.RecoveryCodesOk },
    refusals: ['INVALID_CODE', 'NOT_FOUND', 'RATE_LIMITED'],
    form: 'renewRecoveryCodes',
  },
  disableSecondFactor: {
    method: 'POST',
    path: '/v1/api/user/totp/disable',
    tag: 'secondFactor',
    session: 'required',
    records: 'all',
    body: S.DisableSecondFactorBody,
    secret: ['password', 'code'],
    confirmation: { password: 'password' },
    answers: { 200: S.PlainOk },
    refusals: ['INVALID_CODE', 'NOT_FOUND', 'RATE_LIMITED'],
    form: 'disableSecondFactor',
  },
  passkeyRegistrationOptions: {
    method: 'POST',
    path: '/v1/api/user/passkeys/registration-options',
    tag: 'passkeys',
    session: 'required',
    records: 'refusals',
    confirmation: {},
    answers: { 200: S.PasskeyOptionsOk },
    refusals: ['PASSKEY_LIMIT', 'RATE_LIMITED'],
  },
  addPasskey: {
    method: 'POST',
    path: '/v1/api/user/passkeys',
    tag: 'passkeys',
    session: 'required',
    records: 'all',
    body: S.AddPasskeyBody,
    secret: ['response'],
    confirmation: {},
    answers: { 201: S.PasskeyOk },
    refusals: ['INVALID_CREDENTIAL', 'PASSKEY_LIMIT', 'RATE_LIMITED'],
    form: 'addPasskey',
  },
  passkeys: {
    method: 'GET',
    path: '/v1/api/user/passkeys',
    tag: 'passkeys',
    session: 'required',
    records: 'none',
    answers: { 200: S.PasskeysOk },
    refusals: [],
  },
  renamePasskey: {
    method: 'PATCH',
    path: '/v1/api/user/passkeys/:id',
    tag: 'passkeys',
    session: 'required',
    records: 'all',
    params: S.PasskeyParams,
    body: S.RenamePasskeyBody,
    answers: { 200: S.PasskeyOk },
    refusals: ['NOT_FOUND'],
    form: 'renamePasskey',
  },
  removePasskey: {
    method: 'DELETE',
    path: '/v1/api/user/passkeys/:id',
    tag: 'passkeys',
    session: 'required',
    records: 'all',
    params: S.PasskeyParams,
    body: S.RemovePasskeyBody,
    secret: ['password', 'code'],
    confirmation: { password: 'password' },
    answers: { 200: S.PlainOk },
    refusals: ['NOT_FOUND', 'RATE_LIMITED'],
    form: 'removePasskey',
  },
  passkeyLoginOptions: {
    method: 'POST',
    path: '/v1/api/user/passkey-login/options',
    tag: 'session',
    session: 'none',
    records: 'refusals',
    answers: { 200: S.PasskeyOptionsOk },
    refusals: ['RATE_LIMITED'],
  },
  passkeyLogin: {
    method: 'POST',
    path: '/v1/api/user/passkey-login',
    tag: 'session',
    session: 'none',
    records: 'all',
    body: S.PasskeyLoginBody,
    secret: ['response'],
    signsIn: true,
    answers: { 200: S.LoginOk },
    refusals: ['INVALID_CREDENTIAL', 'UNKNOWN_CREDENTIAL', 'RATE_LIMITED'],
  },
  confirmation: {
    method: 'GET',
    path: '/v1/api/user/confirm',
    tag: 'confirmation',
    session: 'required',
    records: 'none',
    answers: { 200: S.ConfirmationOk },
    refusals: [],
  },
  confirm: {
    method: 'POST',
    path: '/v1/api/user/confirm',
    tag: 'confirmation',
    session: 'required',
    records: 'all',
    body: S.ConfirmBody,
    secret: ['password', 'code', 'passkeyResponse'],
    answers: { 200: S.ConfirmOk },
    refusals: ['INVALID_CODE', 'INVALID_CREDENTIAL', 'RATE_LIMITED'],
    form: 'confirm',
  },
  confirmOptions: {
    method: 'POST',
    path: '/v1/api/user/confirm/options',
    tag: 'confirmation',
    session: 'required',
    records: 'refusals',
    answers: { 200: S.PasskeyOptionsOk },
    refusals: ['NOT_FOUND', 'RATE_LIMITED'],
  },
  actionLogs: {
    method: 'POST',
    path: '/v1/api/action-logs',
    tag: 'support',
    session: 'optional',
    records: 'none',
    body: S.ActionLogFile,
    bodyLimit: ACTION_LOG_BODY_LIMIT,
    answers: { 201: S.ActionLogUploadOk },
    refusals: ['RATE_LIMITED'],
  },
  health: {
    method: 'GET',
    path: '/healthz',
    tag: 'operations',
    session: 'none',
    records: 'none',
    answers: { 200: S.HealthDetails, 503: S.HealthFailing },
    refusals: [],
  },
  live: {
    method: 'GET',
    path: '/livez',
    tag: 'operations',
    session: 'none',
    records: 'none',
    answers: { 200: S.HealthOk },
    refusals: [],
  },
  ready: {
    method: 'GET',
    path: '/readyz',
    tag: 'operations',
    session: 'none',
    records: 'none',
    answers: { 200: S.HealthOk, 503: S.HealthFailing },
    refusals: [],
  },
  outbox: {
    method: 'GET',
    path: '/v1/dev/outbox',
    tag: 'development',
    session: 'none',
    records: 'none',
    answers: { 200: S.OutboxOk },
    refusals: [],
    internal: true,
  },
  ...operatorEndpoints,
  ...oidcEndpoints,
} as const satisfies Record<string, EndpointSpec>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

export const ENDPOINT_NAMES = Object.keys(endpoints) as EndpointName[];

/**
 * Each endpoint's one line in the API reference. Beside the table, not in it: the app reads the
 * table, and its bundle leaves out what only the reference says.
 */
export const SUMMARIES: Readonly<Record<EndpointName, string>> = {
  verify: 'Read the user and expiry of the session a token stands for',
  signup: 'Sign up: an activation code is mailed (the same answer for a known email)',
  verifyAccount: 'Activate an account with its mailed code, and sign in',
  resendActivation: 'Mail a new activation code (the same answer whatever the email)',
  login:
    'Sign in with email and password; an account with a second factor is answered the ticket of the second step instead of a session',
  loginSecondFactor:
    "A login's second step: its ticket and an authenticator's code, or a recovery code",
  logout: 'Sign out: the session ends on the server',
  requestPasswordReset: 'Mail a password-reset code (the same answer whatever the email)',
  resetPassword:
    "Choose a new password with the mailed code, sign in (through the second step when the account has a second factor), and end the user's other sessions",
  changePassword:
    "Change the password (a confirmation, or the current password in the body) and end the user's other sessions",
  changeEmail:
    'Ask to change the email (a confirmation, or the password in the body): a code is mailed to the new address',
  emailChange: 'Read the email change waiting for its code, if any',
  resendEmailChange: 'Mail a new code for the pending email change',
  cancelEmailChange: 'Cancel the pending email change',
  confirmEmailChange:
    "Confirm the email change with its mailed code, and end the user's other sessions",
  deleteAccount:
    'Delete the account and everything kept of it (a confirmation, or the password and, where two-step sign-in is on, a code in the body)',
  sessions: "List the user's live sessions",
  revokeOtherSessions: 'End every session of the user but this one',
  revokeSession: 'End one session of the user, by its public id',
  secondFactor: 'Whether the second factor is on, and how many recovery codes are left',
  startSecondFactor:
    'Start setting up a second factor (a confirmation, or the password in the body): a new secret for the authenticator app (replaces one not yet confirmed)',
  confirmSecondFactor:
    "Turn the second factor on with the authenticator's code; the ten recovery codes are answered once",
  renewRecoveryCodes:
    'Replace the ten recovery codes (a confirmation, or the password and a code in the body); the new ones are answered once',
  disableSecondFactor:
    'Turn the second factor off (a confirmation, or the password and a code or recovery code in the body)',
  passkeyRegistrationOptions:
    'WebAuthn creation options for a new passkey of the user (a confirmation first): single use, five minutes, for this session only',
  addPasskey:
    "Add a passkey: the browser's answer to the creation options (@simplewebauthn/browser's RegistrationResponseJSON) and a name; a notice is mailed",
  passkeys: "List the user's passkeys, newest first",
  renamePasskey: "Rename one of the user's passkeys",
  removePasskey:
    "Remove one of the user's passkeys (a confirmation, or the password in the body); a notice is mailed",
  passkeyLoginOptions:
    'WebAuthn request options for signing in with a passkey (discoverable credentials, also for autofill): single use, five minutes',
  passkeyLogin:
    "Sign in with a passkey: its signature over the request options' challenge (@simplewebauthn/browser's AuthenticationResponseJSON); no second factor is asked",
  confirmation: "Until when the session's confirmation lasts (Unix seconds), or null",
  confirm:
    'Confirm it is you: the password (with the code or a recovery code where two-step sign-in is on), or a passkey; the session may make sensitive changes for ten minutes',
  confirmOptions:
    "WebAuthn request options for confirming it is you with one of the user's passkeys: single use, five minutes, for this session only",
  actionLogs: 'Send an activity log to support, and get a reference to quote',
  health:
    "Whether the server is ready (as /readyz), with the mail queue's state as a detail that never fails it",
  live: 'Whether the process serves requests (a liveness probe: nothing else is asked)',
  ready:
    'Whether the database, and Redis when configured, answer (a readiness probe; the mail queue never fails it)',
  outbox: 'The mails kept in the outbox mail mode, newest last',
  operatorUsers: 'Find users by the start of their email, or by id',
  operatorUser: "A user's summary: activation, lock, second factor, passkeys, live sessions",
  operatorUserEvents: "A user's auth events, newest first, 50 a page",
  operatorEndSessions: "End one of a user's sessions, or all of them; the user is mailed",
  operatorLock: "Lock a user's account (its sessions end); the user is mailed",
  operatorUnlock: "Unlock a user's account; the user is mailed",
  operatorResendActivation: 'Mail a new activation code to a user not yet activated',
  operatorDeleteUser: 'Delete a user and every row of theirs; the user is mailed',
  operatorAddressEvents: 'The auth events from a client address, newest first, 50 a page',
  operatorUserUploads: 'The activity logs tied to a user, newest first',
  operatorUpload: 'An activity log by its reference, for the replay page',
  oidcProviders: 'The OpenID Connect providers one may sign in with (none when none is configured)',
  oidcStart:
    "Start a sign-in (`login`), a connection (`connect`: a bearer and a confirmation) or a confirmation (`confirm`: a bearer) with a provider: the provider's authorization address, and a cookie binding the flow to this browser for ten minutes",
  oidcCallback:
    "Where the provider sends the browser back: the flow's state, the browser's cookie and the ID token are checked, and the browser goes on to the app with a single-use handoff",
  oidcComplete:
    "End a sign-in with its handoff (once, within 60 seconds, in the browser that started it): the login answer (the second step where the account's second factor is on), with the flow's return path",
  oidcConnections: 'The providers connected to the account, and whether it has a password',
  oidcDisconnect:
    'Disconnect a provider from the account (a confirmation first); never the last way in; a notice is mailed',
  operatorFunnel:
    'The funnel of every visitor from the auth events, per UTC day and over the period: sign-ups, activations, first logins, logins, resets, second-factor failures, nearest-rank median and 90th percentile times, refusals by endpoint and code',
};

/** The ways in: the endpoints whose answer signs the visitor in, or asks for the second step. */
export type WayIn = {
  [N in EndpointName]: Endpoints[N] extends { signsIn: true } ? N : never;
}[EndpointName];
export const WAYS_IN = ENDPOINT_NAMES.filter(
  (name): name is WayIn => (endpoints[name] as EndpointSpec).signsIn === true,
);

/** Every endpoint's path, by endpoint name. */
export const API_PATHS = Object.fromEntries(
  ENDPOINT_NAMES.map((name) => [name, endpoints[name].path]),
) as { readonly [N in EndpointName]: Endpoints[N]['path'] };

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
export const ENDPOINT_FORMS = ENDPOINT_NAMES.flatMap((name) => {
  const spec: EndpointSpec = endpoints[name];
  return spec.form ? [[spec.form as FormName, name as FormEndpoint] as const] : [];
});

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
 * Every field name whose value is a secret wherever it appears: the bodies' secret fields, the
 * session token and the second factor's secrets of the answers, and the bearer header.
 */
export const SECRET_FIELDS: readonly string[] = [
  ...new Set([
    ...ENDPOINT_NAMES.flatMap((name) => (endpoints[name] as EndpointSpec).secret ?? []),
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
