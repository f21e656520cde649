// The account API, version 1: the shapes both the app and the server agree on.

export const API_PATHS = {
  verify: '/v1/api/user/verify',
  signup: '/v1/api/user/signup',
  verifyAccount: '/v1/api/user/verify-account',
  resendActivation: '/v1/api/user/resend-activation',
  login: '/v1/api/user/login',
  logout: '/v1/api/user/logout',
  outbox: '/v1/dev/outbox',
  health: '/healthz',
} as const;

export interface PublicUser {
  id: string;
  name: string;
  email: string;
  /** ISO-8601 */
  createdAt: string;
}

export interface Signature {
  /** Session expiry in Unix seconds. */
  exp: number;
}

export type ErrorCode =
  | 'VALIDATION'
  | 'RATE_LIMITED'
  | 'INVALID_CODE'
  | 'INVALID_CREDENTIALS'
  | 'ACCOUNT_NOT_ACTIVATED'
  | 'INVALID_TOKEN'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'BAD_REQUEST'
  | 'REQUEST_TIMEOUT'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL';

/** Why one field of a request was refused (the values of `fields` in a VALIDATION error). */
export type FieldErrorCode =
  | 'REQUIRED'
  | 'INVALID_EMAIL'
  | 'TOO_SHORT'
  | 'TOO_LONG'
  | 'COMMON_PASSWORD'
  | 'INVALID_CODE_FORMAT';

export interface ErrorBody {
  error: true;
  code: ErrorCode;
  message: string;
  fields?: Record<string, FieldErrorCode>;
}

export interface VerifyOk {
  error: false;
  user: PublicUser;
  signature: Signature;
}

export interface SessionOk extends VerifyOk {
  token: string;
}

export interface SignupBody {
  name: string;
  email: string;
  password: string;
}
export interface SignupOk {
  error: false;
  email: string;
}

export interface VerifyAccountBody {
  email: string;
  code: string;
  /** The password chosen at sign-up. */
  password: string;
}

export interface ResendActivationBody {
  email: string;
}

export interface LoginBody {
  email: string;
  password: string;
}

export interface PlainOk {
  error: false;
}

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  code?: string;
  sentAt: string;
}
