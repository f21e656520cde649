// The value rules of the API's fields; contract/schemas.ts makes them the refinements of every
// body's schema, which the server (authoritative) and the app's forms (early feedback) both use.
import type { FieldErrorCode } from './codes';
import { canonicalEmail, EMAIL_MAX_LENGTH, isPlainEmail } from './email';

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
  return [...value].length > NAME_MAX_LENGTH ? 'TOO_LONG' : undefined;
}
