// Session tokens and activation codes: random, and only ever stored as hashes.
import { createHmac, hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

import { CODE_LENGTH } from '../../contract/schemas';

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
