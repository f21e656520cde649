// The one redaction used by the recorder, the DevTools sanitizers and the state hashes: a
// plain-JSON copy of any value with every secret replaced, whatever the value's shape.
import { SECRET_FIELDS } from './endpoints';
import { CODE_LENGTH } from './schemas';
import { FIELD_ERROR_CODES } from './schemas';

export const REDACTED = '[redacted]';

/**
 * A passkey ceremony's data, wherever it appears: the WebAuthn options the server answers (their
 * challenge, user handle and credential ids), and a credential's ids and user handle. The
 * browser's `response` is a secret body field of the contract already.
 */
const PASSKEY_SECRETS = ['options', 'rawId', 'userHandle', 'credentialId'];

/**
 * Keys whose value is a secret wherever they appear (compared in lower case): the contract's
 * secret fields but `code`, which is also the name of every refusal's readable code, and the
 * passkey ceremonies' data.
 */
const SECRET_KEYS = new Set(
  [...SECRET_FIELDS.filter((key) => key !== 'code'), ...PASSKEY_SECRETS].map((key) =>
    key.toLowerCase(),
  ),
);
/** A mailed code: its digits. Server codes such as `INVALID_TOKEN` stay readable. */
const ACTIVATION_CODE = new RegExp(`^\\s*\\d{${CODE_LENGTH}}\\s*$`);
/**
 * Secrets carried in a URL's query or fragment: the activation link's `?code=`, a provider flow's
 * handoff, state, nonce and tokens.
 */
const SECRET_PARAM =
  /([?&#](?:code|email-code|token|password|provider-handoff|state|nonce|code_challenge|id_token|access_token)=)[^&#]*/gi;
const BEARER = /^\s*bearer\s/i;
/**
 * Why a field was refused (`fields: { password: "COMMON_PASSWORD" }`, from the server or the
 * browser's own check) is what an analyst needs, and is never the secret itself: inside a
 * refusal's `fields`, a value that is one of the contract's field codes is kept. Anywhere else,
 * and in a request's own arguments always, the secret keys still hide their values.
 */
const FIELD_CODES: ReadonlySet<unknown> = new Set(FIELD_ERROR_CODES);

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** A class instance (not a plain object or an array): not plain data. */
function isInstance(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !isPlainObject(value)
  );
}

function redactString(value: string): string {
  if (BEARER.test(value)) return REDACTED;
  return value.includes('=') ? value.replace(SECRET_PARAM, `$1${REDACTED}`) : value;
}

/** Lengths of the secret keys and of `code`: most keys are ruled out without lower-casing. */
const CANDIDATE_LENGTHS = new Set([4, ...[...SECRET_KEYS].map((key) => key.length)]);

function isSecret(
  key: string,
  value: unknown,
  underRequestArgs: boolean,
  inFieldCodes: boolean,
): boolean {
  if (!CANDIDATE_LENGTHS.has(key.length)) return false;
  if (inFieldCodes && !underRequestArgs && FIELD_CODES.has(value)) return false;
  if (SECRET_KEYS.has(key.toLowerCase())) return value !== null && value !== undefined;
  if (key !== 'code') return false;
  // A request's own `code` (verify-account) is the code the visitor typed, whatever its form.
  if (underRequestArgs) return value !== null && value !== undefined;
  return (
    (typeof value === 'string' || typeof value === 'number') && ACTIVATION_CODE.test(`${value}`)
  );
}

/**
 * JSON text of `value` with secrets redacted; undefined when the value is dropped (functions,
 * symbols, class instances such as RTK Query's Request/Response in `meta.baseQueryMeta`, cycles).
 * `sortKeys` gives one text per state whatever the key order, for hashing.
 */
export function redactedJson(value: unknown, sortKeys = false): string | undefined {
  const ancestors: object[] = [];

  function write(
    current: unknown,
    key: string,
    underRequestArgs: boolean,
    inFieldCodes = false,
  ): string | undefined {
    if (key !== '' && isSecret(key, current, underRequestArgs, inFieldCodes)) {
      // What JSON cannot carry is dropped all the same (RTK Query's Response under `response`).
      const dropped = typeof current === 'function' || isInstance(current);
      return dropped ? undefined : JSON.stringify(REDACTED);
    }
    switch (typeof current) {
      case 'string':
        return JSON.stringify(redactString(current));
      case 'number':
        return Number.isFinite(current) ? String(current) : 'null';
      case 'boolean':
        return current ? 'true' : 'false';
      case 'object':
        break;
      default:
        return undefined;
    }
    if (current === null) return 'null';
    if (ancestors.includes(current)) return undefined;
    const args = underRequestArgs || key === 'originalArgs';
    ancestors.push(current);
    try {
      if (Array.isArray(current)) {
        return `[${current.map((item) => write(item, '', args) ?? 'null').join(',')}]`;
      }
      if (!isPlainObject(current)) return undefined;
      const record = current as Record<string, unknown>;
      const keys = Object.keys(record);
      if (sortKeys) keys.sort();
      let text = '';
      for (const name of keys) {
        const part = write(record[name], name, args, key === 'fields');
        if (part === undefined) continue;
        text += `${text === '' ? '' : ','}${JSON.stringify(name)}:${part}`;
      }
      return `{${text}}`;
    } finally {
      ancestors.pop();
    }
  }

  return write(value, '', false);
}

/** A redacted plain-data copy of `value` (null when nothing of it is serializable). */
export function redacted<T>(value: T): T {
  const text = redactedJson(value);
  return (text === undefined ? null : JSON.parse(text)) as T;
}
