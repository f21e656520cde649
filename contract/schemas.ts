// One schema per API message (Valibot): the server validates bodies and serializes answers with
// them, the app decodes answers and checks its forms with them, and the OpenAPI document is made
// from them. Here are the messages the platform reads or several features share, and the fields
// (`field`) every message is made of; a message of one feature only is in its
// `features/<name>/schemas.ts`. The value rules (the `check…` functions below) are refinements whose messages are the field codes
// (`TOO_SHORT`, `INVALID_EMAIL`, ...), so a refused field reads the same on both sides.
//
// Valibot was chosen by bundle cost: the same five schemas and their parse cost 2.1 KiB gzipped
// in the app with Valibot, 7.0 KiB with zod/mini, 28 KiB with Zod 4 or TypeBox 0.34 and 45 KiB
// with TypeBox 1.x; /login stays within 1.15x the library floor only with Valibot.
import * as v from 'valibot';

import { ERROR_CODES, FIELD_ERROR_CODES, type FieldErrorCode } from './codes';
import { canonicalEmail, EMAIL_MAX_LENGTH, isPlainEmail } from './email';
import { hasControlCharacters } from './printable';

export { ERROR_CODES, FIELD_ERROR_CODES };

/**
 * Whether the schemas carry what only the API reference reads (docs/openapi.json is written from
 * them): their descriptions and JSON Schema hints. The app's bundle leaves both out (webpack.config.ts
 * sets APP_BUNDLE); the checks are the same with or without them.
 */
export const REFERENCE = process.env.APP_BUNDLE !== 'true';

// The value rules of the API's fields: the refinements of every body's schema, which the server
// (authoritative) and the app's forms (early feedback) both use. The fields (`email`, `code`, ...:
// lower-case names, not messages of their own) are what every message is made of, here and in the
// features' `schemas.ts`.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
/** A mailed one-time code (activation, password reset, email change): this many digits. */
export const CODE_LENGTH = 6;
export const CODE_PATTERN = new RegExp(`^[0-9]{${CODE_LENGTH}}$`);

export type FieldErrors<K extends string> = Partial<Record<K, FieldErrorCode>>;

export function normalizeEmail(email: string): string {
  return canonicalEmail(email);
}

export function checkEmail(email: string): FieldErrorCode | undefined {
  const value = canonicalEmail(email);
  if (value === '') return 'REQUIRED';
  if (value.length > EMAIL_MAX_LENGTH) return 'TOO_LONG';
  return isPlainEmail(value) ? undefined : 'INVALID_EMAIL';
}

/** Length is counted in code points, so an emoji is one character, as a person counts it. */
export function checkPassword(password: string): FieldErrorCode | undefined {
  const length = [...password].length;
  if (length === 0) return 'REQUIRED';
  if (length < PASSWORD_MIN_LENGTH) return 'TOO_SHORT';
  if (length > PASSWORD_MAX_LENGTH) return 'TOO_LONG';
  return undefined;
}

export function checkName(name: string): FieldErrorCode | undefined {
  const value = name.trim();
  if (value === '') return 'REQUIRED';
  if ([...value].length > NAME_MAX_LENGTH) return 'TOO_LONG';
  // Stored, mailed and shown: a line break or a NUL there is data turned into control.
  return hasControlCharacters(value) ? 'INVALID_CHARACTERS' : undefined;
}

type FieldCode = FieldErrorCode;

/** Longest value of a field that has no rule of its own (a password to compare, say). */
const ANY_FIELD_MAX = 1024;

/**
 * One of the value rules' checks on a string field; the issue's message is the field code. The check
 * is what decides; `rule` says what JSON Schema can of it (lengths, format) where Valibot has no
 * action that counts as the rule does (in code points, after trimming).
 */
function checked(check: (value: string) => FieldCode | undefined) {
  return v.check<string, (issue: v.CheckIssue<string>) => string>(
    (value) => check(value) === undefined,
    (issue) => check(issue.input) ?? 'REQUIRED',
  );
}

/**
 * An address, checked in its canonical form (trimmed, NFKC, lower-case): at most
 * EMAIL_MAX_LENGTH characters, one plain address of any script.
 */
export const email = v.pipe(
  v.string('REQUIRED'),
  v.nonEmpty('REQUIRED'),
  checked(checkEmail),
  v.metadata(REFERENCE ? { format: 'idn-email', maxLength: EMAIL_MAX_LENGTH } : {}),
  v.description(
    REFERENCE
      ? `One plain address (no display name, list or comment), of at most ${EMAIL_MAX_LENGTH} ` +
          'characters once trimmed, NFKC-normalised and lower-cased, the form it is compared in.'
      : '',
  ),
);
/**
 * A new password: PASSWORD_MIN_LENGTH to PASSWORD_MAX_LENGTH characters counted in code points,
 * as JSON Schema counts them (the common-password list is the server's). `minLength` counts
 * UTF-16 units, never fewer than the code points: it refuses nothing the rule takes.
 */
export const newPassword = v.pipe(
  v.string('REQUIRED'),
  v.nonEmpty('REQUIRED'),
  v.minLength(PASSWORD_MIN_LENGTH, 'TOO_SHORT'),
  checked(checkPassword),
  v.metadata(REFERENCE ? { maxLength: PASSWORD_MAX_LENGTH } : {}),
);
/** A password compared with a stored one: only present and bounded. */
export const givenPassword = v.pipe(
  v.string('REQUIRED'),
  v.nonEmpty('REQUIRED'),
  v.maxLength(ANY_FIELD_MAX, 'TOO_LONG'),
);
/** A mailed one-time code: CODE_LENGTH digits. */
export const code = v.pipe(
  v.string('REQUIRED'),
  v.nonEmpty('REQUIRED'),
  v.regex(CODE_PATTERN, 'INVALID_CODE_FORMAT'),
);
/** A name, trimmed: 1 to NAME_MAX_LENGTH characters. */
export const name = v.pipe(
  v.string('REQUIRED'),
  v.nonEmpty('REQUIRED'),
  checked(checkName),
  v.metadata(REFERENCE ? { maxLength: NAME_MAX_LENGTH } : {}),
  v.description(
    REFERENCE
      ? `Trimmed, 1 to ${NAME_MAX_LENGTH} characters, none of them a control character ` +
          '(line breaks, tabs, NUL, bidirectional controls: INVALID_CHARACTERS).'
      : '',
  ),
);
/**
 * The token of the mailed link, sent beside the code it came with: it gets that code past a guess
 * budget strangers spent. Optional: a code typed by hand comes without it.
 */
export const linkToken = v.optional(givenPassword);

/** Digits of an authenticator app's code (TOTP). */
export const TOTP_DIGITS = 6;
/** A recovery code: 16 characters of base32 in groups of four (`abcd-efgh-ijkl-mnop`), 80 bits. */
const RECOVERY_CODE_PATTERN = /^[a-z2-7]{16}$/;
/**
 * A recovery code as compared: lower case, without the spaces and dashes it may be typed or
 * pasted with (`ABCD EFGH IJKL MNOP`, `abcdefghijklmnop`).
 */
export function recoveryCodeText(value: string): string {
  return value.toLowerCase().replace(/[\s-]/g, '');
}
/** Whether `value` is a recovery code, however it is spaced, dashed or cased. */
export function isRecoveryCode(value: string): boolean {
  return RECOVERY_CODE_PATTERN.test(recoveryCodeText(value));
}
/**
 * Passkeys an account keeps at most: each is a row, a line of home's list and an entry of every
 * new passkey's creation options, so a session cannot grow them without bound.
 */
export const PASSKEYS_MAX = 20;
/** How many recovery codes an account holds after confirming or renewing them. */
export const RECOVERY_CODE_COUNT = 10;
/** An authenticator app's code. */
export const totpCode = v.pipe(
  v.string('REQUIRED'),
  v.nonEmpty('REQUIRED'),
  v.regex(new RegExp(`^\\s*[0-9]{${TOTP_DIGITS}}\\s*$`), 'INVALID_CODE_FORMAT'),
);
/** An authenticator app's code, or one of the account's recovery codes. */
const totpOrRecoveryCode = v.pipe(
  v.string('REQUIRED'),
  v.nonEmpty('REQUIRED'),
  v.check(
    (value) => new RegExp(`^[0-9]{${TOTP_DIGITS}}$`).test(value.trim()) || isRecoveryCode(value),
    'INVALID_CODE_FORMAT',
  ),
  v.metadata(REFERENCE ? { maxLength: 32 } : {}),
  v.description(
    REFERENCE ? `${TOTP_DIGITS} digits from the authenticator app, or a recovery code.` : '',
  ),
);
/**
 * The second factor's code beside a password, where two-step sign-in is on: it confirms the
 * request with the password (an app's code or a recovery code).
 */
export const confirmingCode = v.optional(totpOrRecoveryCode);

/** A recovery code. */
export const recoveryCode = v.pipe(
  v.string('REQUIRED'),
  v.nonEmpty('REQUIRED'),
  v.check(isRecoveryCode, 'INVALID_CODE_FORMAT'),
  v.metadata(REFERENCE ? { maxLength: 32 } : {}),
);

// Passkeys (WebAuthn). A body carries the browser's credential as @simplewebauthn/browser answers
// it (RegistrationResponseJSON, AuthenticationResponseJSON: binary fields as base64url), and an
// options answer carries what @simplewebauthn/server makes. Only what the server reads before its
// ceremony is named and bounded here; the ceremony checks the rest (the body limit and JSON depth
// bound it). Loose objects keep the app's first load small: the schemas are in its bundle.
/** Base64url text of at most `max` characters. */
const base64url = (max: number) =>
  v.pipe(
    v.string('REQUIRED'),
    v.nonEmpty('REQUIRED'),
    v.maxLength(max, 'TOO_LONG'),
    v.regex(/^[\w-]+$/, 'REQUIRED'),
  );
/** The browser's credential: its id (at most 1023 bytes, WebAuthn's bound) and client data. */
export const credentialResponse = v.looseObject({
  id: base64url(1364),
  response: v.looseObject({ clientDataJSON: base64url(4096) }),
});

/**
 * A body that takes exactly one of two optional fields: one with neither or both is refused at the
 * first (REQUIRED), and the API reference says so (`oneOf`).
 */
export function exactlyOneOf<const TEntries extends v.ObjectEntries>(
  entries: TEntries,
  first: keyof TEntries & string,
  second: keyof TEntries & string,
) {
  const given = (body: object, key: string) => (body as Record<string, unknown>)[key] !== undefined;
  return v.pipe(
    v.object(entries),
    v.forward(
      v.check((body) => given(body, first) !== given(body, second), 'REQUIRED'),
      [first] as never,
    ),
    v.metadata(REFERENCE ? { oneOf: [{ required: [first] }, { required: [second] }] } : {}),
  );
}

// Bodies.
/**
 * Confirming it is you: the password (with `code` where two-step sign-in is on), or a passkey's
 * signature over the options of POST confirm/options; exactly one of the two.
 */
export const ConfirmBody = exactlyOneOf(
  {
    password: v.optional(givenPassword),
    code: confirmingCode,
    passkeyResponse: v.optional(credentialResponse),
  },
  'password',
  'passkeyResponse',
);

// Answers.
export const PublicUser = v.object({
  id: v.string(),
  name: v.string(),
  email: v.string(),
  /** ISO-8601 */
  createdAt: v.string(),
});
export const Signature = v.object({
  /** Session expiry in Unix seconds. */
  exp: v.number(),
});
export const ErrorBody = v.object({
  error: v.literal(true),
  code: v.picklist(ERROR_CODES),
  message: v.string(),
  fields: v.optional(v.record(v.string(), v.picklist(FIELD_ERROR_CODES))),
});
export const PlainOk = v.object({ error: v.literal(false) });
export const SessionOk = v.object({
  error: v.literal(false),
  token: v.string(),
  user: PublicUser,
  signature: Signature,
});
/**
 * The password was right and the account has a second factor: no session yet. The `ticket` goes
 * to the login's second step with a code, once, before `expiresAt` (Unix seconds).
 */
export const SecondFactorLogin = v.object({
  error: v.literal(false),
  secondFactor: v.object({ ticket: v.string(), expiresAt: v.number() }),
});
/** A login's answer: a session, or (second factor on) the ticket of its second step. */
export const LoginOk = v.union([SessionOk, SecondFactorLogin]);
/** How long a session stays confirmed after POST confirm. */
export const CONFIRMATION_SECONDS = 10 * 60;
/** The session is confirmed until `until` (Unix seconds). */
export const ConfirmOk = v.object({ error: v.literal(false), until: v.number() });
/** Until when the session is confirmed (Unix seconds), or null when it is not. */
export const ConfirmationOk = v.object({ error: v.literal(false), until: v.nullable(v.number()) });
/** How a session was opened: a password, a passkey, a password and a code or a recovery code. */
export const SESSION_OPENERS = [
  'password',
  'passkey',
  'password+totp',
  'password+recovery',
] as const;
/** A session opened through a provider: `provider:<id>` (contract/oidc.ts). */
export type ProviderOpener = `provider:${string}`;
/** How a session was opened, as answered: one of SESSION_OPENERS, or `provider:<id>`. */
export const SessionOpenedBy = v.union([
  v.picklist(SESSION_OPENERS),
  v.pipe(
    v.string(),
    v.regex(/^provider:[a-z][a-z0-9-]{0,31}$/),
    v.transform((value) => value as ProviderOpener),
  ),
]);
/**
 * WebAuthn options, as @simplewebauthn/browser takes them (creation options for a new passkey,
 * request options for a sign-in); the challenge is single use and lives five minutes.
 */
export const PasskeyOptionsOk = v.object({
  error: v.literal(false),
  // Every field is answered: the serializer keeps what the schema does not name.
  options: v.pipe(
    v.looseObject({ challenge: v.string() }),
    v.metadata(REFERENCE ? { additionalProperties: true } : {}),
  ),
});
/** One of the user's passkeys: never its credential id or key. Times are ISO-8601. */
export const PasskeyInfo = v.object({
  id: v.string(),
  name: v.string(),
  createdAt: v.string(),
  /** The last sign-in with it; null before the first. */
  lastUsedAt: v.nullable(v.string()),
});
/** The health check: everything works, or the dependencies that fail. */
export const HealthOk = v.object({ error: v.literal(false), ok: v.literal(true) });
/** `/healthz`: ready, and the mail queue's state (`retrying`: a mail has failed several times). */
export const HealthDetails = v.object({
  ...HealthOk.entries,
  mail: v.picklist(['ok', 'retrying']),
});
export const HealthFailing = v.object({
  ...ErrorBody.entries,
  ok: v.literal(false),
  failing: v.array(v.picklist(['database', 'redis'])),
});
export const OutboxMessage = v.object({
  to: v.string(),
  subject: v.string(),
  text: v.string(),
  html: v.optional(v.string()),
  code: v.optional(v.string()),
  link: v.optional(v.string()),
  sentAt: v.string(),
});
export const OutboxOk = v.object({ error: v.literal(false), messages: v.array(OutboxMessage) });

/** The field codes of a body that a schema refuses, by field; empty when it passes. */
export function fieldErrors<K extends string>(
  schema: v.GenericSchema<unknown, Partial<Record<K, unknown>>>,
  body: unknown,
): FieldErrors<K> {
  const result = v.safeParse(schema, body);
  const errors: FieldErrors<K> = {};
  if (result.success) return errors;
  for (const issue of result.issues) {
    const field = issue.path?.[0]?.key;
    if (typeof field !== 'string' || field in errors) continue;
    const known = FIELD_ERROR_CODES.find((candidate) => candidate === issue.message);
    errors[field as K] = known ?? 'REQUIRED';
  }
  return errors;
}

// How the app reads answers that may come from another implementation of the API (the contract leaves
// the user's fields open, and `exp` may be a number, a local time string or missing), checked as
// strictly as the contract allows and no further.

/** A user as the verify call may send it: a numeric id is read as text; createdAt may be missing. */
export const PublicUserAsRead = v.object({
  id: v.pipe(v.union([v.string(), v.number()]), v.transform(String)),
  name: v.string(),
  email: v.string(),
  createdAt: v.fallback(v.string(), ''),
});

/** A verify answer that signs the visitor in; `exp` is read by the session-lifetime rule. */
export const VerifyAnswerAsRead = v.object({
  error: v.literal(false),
  user: PublicUserAsRead,
  signature: v.fallback(v.looseObject({ exp: v.optional(v.unknown()) }), {}),
});

/** Any refusal: `error: true`; its code when it is a string. */
export const RefusalAsRead = v.looseObject({
  error: v.literal(true),
  code: v.fallback(v.optional(v.string()), undefined),
});

/** A refusal as a form reads it; `retryAfterSeconds` is the base query's copy of Retry-After. */
export const ErrorAnswerAsRead = v.object({
  error: v.literal(true),
  code: v.picklist(ERROR_CODES),
  fields: v.optional(
    // A field code this app does not know is dropped, not a reason to refuse the whole answer.
    v.pipe(
      v.record(v.string(), v.unknown()),
      v.transform((fields) => {
        const known: Record<string, FieldCode> = {};
        for (const [name, value] of Object.entries(fields)) {
          const fieldCode = FIELD_ERROR_CODES.find((candidate) => candidate === value);
          if (fieldCode) known[name] = fieldCode;
        }
        return known;
      }),
    ),
  ),
  retryAfterSeconds: v.optional(v.pipe(v.number(), v.minValue(0))),
});
