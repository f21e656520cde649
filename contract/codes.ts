// The codes of the API's refusals: what went wrong (`code`) and, for a VALIDATION refusal, why
// each field was refused (the values of `fields`). A leaf: the rules, the schemas and the types
// all read them from here.

export const ERROR_CODES = [
  'VALIDATION',
  'RATE_LIMITED',
  'INVALID_CODE',
  'PASSWORD_NOT_CHOSEN',
  'INVALID_CREDENTIALS',
  'ACCOUNT_NOT_ACTIVATED',
  'INVALID_TOKEN',
  'INVALID_TICKET',
  'INVALID_CREDENTIAL',
  'NOT_FOUND',
  'SECOND_FACTOR_ON',
  'PASSKEY_LIMIT',
  'METHOD_NOT_ALLOWED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'BAD_REQUEST',
  'REQUEST_TIMEOUT',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
  'UNKNOWN_CREDENTIAL',
  'CONFIRMATION_REQUIRED',
  'ACCOUNT_LOCKED',
  'FORBIDDEN',
  'ACCOUNT_EXISTS',
  'EMAIL_NOT_VERIFIED',
  'LAST_WAY_IN',
  'PROVIDER_FAILED',
  'PROVIDER_CANCELLED',
  'IDENTITY_TAKEN',
  'INVALID_HANDOFF',
] as const;

export const FIELD_ERROR_CODES = [
  'REQUIRED',
  'INVALID_EMAIL',
  'TOO_SHORT',
  'TOO_LONG',
  'COMMON_PASSWORD',
  'INVALID_CODE_FORMAT',
  'INCORRECT',
  'SAME_EMAIL',
  'SAME_PASSWORD',
  'REPETITIVE_PASSWORD',
  'SEQUENTIAL_PASSWORD',
  'PERSONAL_PASSWORD',
  'INVALID_CHARACTERS',
] as const;

/** Why one field of a request was refused (the values of `fields` in a VALIDATION error). */
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];
