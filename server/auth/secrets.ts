// Session tokens and activation codes: random, and only ever stored as hashes; and the key ring
// that seals the secrets the server must read back.
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hash,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';

import type { Kysely } from 'kysely';

import { CODE_LENGTH } from '../../contract/schemas';
import type { SecretKey } from '../config';
import type { Database } from '../db/schema';

/** 256 random bits, URL-safe. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * A plain SHA-256 suffices: the token has 256 bits of entropy, and it keeps verify one lookup.
 * The one-shot `hash` costs half of a `createHash` object on verify, the busiest call.
 */
export function hashSessionToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** A mailed one-time code (activation, password reset, email change): CODE_LENGTH digits. */
export function newOneTimeCode(): string {
  return randomInt(0, 10 ** CODE_LENGTH)
    .toString()
    .padStart(CODE_LENGTH, '0');
}

export function newSalt(): string {
  return randomBytes(16).toString('hex');
}

export function hashOneTimeCode(code: string, salt: string): string {
  return createHmac('sha256', salt).update(code).digest('hex');
}

export function oneTimeCodeMatches(code: string, salt: string, codeHash: string): boolean {
  const actual = Buffer.from(hashOneTimeCode(code, salt), 'hex');
  const expected = Buffer.from(codeHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * The link's token: 256 random bits beside the code in every mailed link. Its SHA-256 is the
 * code's salt, so the row keeps the token only as a hash and a token proves one code alone.
 */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

export function saltOfLinkToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** A mailed code: the code, its link's token, and what the database keeps of them. */
export function newMailedCode() {
  const code = newOneTimeCode();
  const linkToken = newLinkToken();
  const salt = saltOfLinkToken(linkToken);
  return { code, linkToken, salt, codeHash: hashOneTimeCode(code, salt) };
}

/** Whether `token` is the link token of the code stored with `salt`. */
export function linkTokenMatches(token: string | undefined, salt: string): boolean {
  if (token === undefined || token.length > 128) return false;
  const actual = Buffer.from(saltOfLinkToken(token), 'hex');
  const expected = Buffer.from(salt, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

// Secrets at rest (a second factor's secret): AES-256-GCM under a key ring, the user's id as
// associated data. A stored value names the key that sealed it (`v2.<id>.`), so a ring can hold
// old keys beside the newest until `npm run keys -- rotate` has moved everything to the newest.
// `v1.` values, sealed before the ring, name none: each key is tried (GCM's tag tells which fits).

/** Names the database's own key (migration 010) in what it sealed: no configured key takes it. */
export const DATABASE_KEY_ID = 'db';

/** The keys, newest first: the first seals, any opens. */
export type KeyRing = readonly SecretKey[];

/** The ring: SECRET_KEYS (or SECRET_KEY), then the database's own key, which opens what it sealed. */
export async function loadKeyRing(
  db: Kysely<Database>,
  configured: readonly SecretKey[] | undefined,
): Promise<KeyRing> {
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', 'second-factor-key')
    .executeTakeFirst();
  const own = row ? [{ id: DATABASE_KEY_ID, key: Buffer.from(row.value, 'base64url') }] : [];
  return [...(configured ?? []), ...own];
}

/** The id of the key that sealed `stored`, or undefined for a value sealed before the ring. */
export function sealedWith(stored: string): string | undefined {
  return stored.startsWith('v2.') ? stored.slice(3, stored.indexOf('.', 3)) : undefined;
}

export function sealSecret(ring: KeyRing, userId: string, secret: string): string {
  const [newest] = ring;
  if (!newest) throw new Error('no key to seal a secret with');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', newest.key, iv);
  cipher.setAAD(Buffer.from(userId));
  const sealed = Buffer.concat([
    cipher.update(secret, 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return `v2.${newest.id}.${Buffer.concat([iv, sealed]).toString('base64url')}`;
}

function openWith(key: Buffer, userId: string, raw: Buffer): string {
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([
    decipher.update(raw.subarray(12, raw.length - 16)),
    decipher.final(),
  ]).toString('utf8');
}

/** The secret `stored` seals; throws when no key of the ring opens it (a key left out, or lost). */
export function openSecret(ring: KeyRing, userId: string, stored: string): string {
  const id = sealedWith(stored);
  const body = id === undefined ? stored.slice('v1.'.length) : stored.slice(`v2.${id}.`.length);
  const raw = Buffer.from(body, 'base64url');
  const candidates = id === undefined ? ring : ring.filter((key) => key.id === id);
  for (const { key } of candidates) {
    try {
      return openWith(key, userId, raw);
    } catch {
      // Not this key: the next one, if any.
    }
  }
  throw new Error(
    id === undefined
      ? 'no key of the ring opens this secret'
      : `the key "${id}" that sealed this secret is not in the ring`,
  );
}
