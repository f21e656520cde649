// Whether a new password is too easy to guess (NIST SP 800-63B): no composition rules, but a
// password is refused when it is repetitive (aaaaaaaa, abcabcabc), sequential (12345678, abcdefgh,
// a keyboard row), built from the account's own name or email or the product's name, or common
// (zxcvbn-ts's lists, l33t and reversed forms, dates). zxcvbn-ts estimates how many guesses each
// part of the password takes; a password it puts below MIN_GUESSES is refused, with the reason of
// the part that made it weak. The server enforces it (server/auth/password-strength.ts, in a thread
// of its own), the app says it while the visitor types (ui/form/passwordStrength.ts,
// a chunk loaded only then): both build the estimator with `makeStrengthCheck`, so they agree.
import type { Match, OptionsType, ZxcvbnFactory } from '@zxcvbn-ts/core';

import type { FieldErrorCode } from './codes';

/** zxcvbn-ts's score 2 and above ("somewhat guessable" or better): a million guesses at least. */
export const MIN_GUESSES = 1e6;

/**
 * Characters of a password estimated: the matching grows with the square of the length (a
 * 64-digit password took hundreds of milliseconds), and a longer one is a passphrase whose first
 * 32 characters tell enough.
 */
export const STRENGTH_MAX_LENGTH = 32;

export type WeakPassword = Extract<
  FieldErrorCode,
  'COMMON_PASSWORD' | 'REPETITIVE_PASSWORD' | 'SEQUENTIAL_PASSWORD' | 'PERSONAL_PASSWORD'
>;

/** What a password check needs to know of the account beyond the password. */
export interface PersonalContext {
  name?: string;
  email?: string;
  appName: string;
}

/**
 * The words a password must not be built from: the name, the email, its local part, and the
 * product's name, whole and word by word (words of at least three characters).
 */
export function personalWords({ name = '', email = '', appName }: PersonalContext): string[] {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@');
  const wholes = [name, email, local, appName].map((text) => text.trim().replace(/\s+/g, ' '));
  const parts = [name, local, domain.split('.')[0] ?? '', appName].flatMap((text) =>
    text.split(/[^\p{L}\p{N}]+/u),
  );
  const words = [...wholes, ...parts]
    .map((word) => word.toLowerCase())
    .filter((w) => w.length >= 3);
  return [...new Set(words)];
}

/** The same unit over and over: `aaaaaaaa`, `abcabcabc`, `1212121212`. */
function isRepetitive(password: string): boolean {
  return /^(.{1,4}?)\1+$/su.test(password.toLowerCase());
}

/** Each character one step from the last, always the same way: `12345678`, `hgfedcba`. */
function isSequential(password: string): boolean {
  const codes = Array.from(password.toLowerCase(), (char) => char.codePointAt(0)!);
  const step = codes[1]! - codes[0]!;
  return Math.abs(step) === 1 && codes.every((code, i) => i === 0 || code - codes[i - 1]! === step);
}

/**
 * Made of the personal words with hardly anything else (`sokha@gmail`, `Chan.Sokha!`): fewer than
 * four characters but spaces and punctuation left once they are taken out.
 */
function isPersonal(password: string, words: readonly string[]): boolean {
  let rest = password.toLowerCase();
  for (const word of [...words].sort((a, b) => b.length - a.length))
    rest = rest.split(word).join('');
  if (rest.length === password.length) return false;
  return rest.replace(/[\s\p{P}]/gu, '').length < 4;
}

/** Why the weakest part of a weak password is weak. */
function reasonOf(sequence: readonly Match[]): WeakPassword {
  const parts = sequence.filter((match) => match.pattern !== 'bruteforce');
  if (
    parts.some((match) => match.pattern === 'dictionary' && match.dictionaryName === 'userInputs')
  )
    return 'PERSONAL_PASSWORD';
  const longest = parts.reduce<Match | undefined>(
    (found, match) => (found && found.token.length >= match.token.length ? found : match),
    undefined,
  );
  if (longest?.pattern === 'repeat') return 'REPETITIVE_PASSWORD';
  if (longest?.pattern === 'sequence' || longest?.pattern === 'spatial')
    return 'SEQUENTIAL_PASSWORD';
  return 'COMMON_PASSWORD';
}

type Core = { ZxcvbnFactory: typeof ZxcvbnFactory };
type Common = { dictionary: OptionsType['dictionary']; adjacencyGraphs: OptionsType['graphs'] };

/**
 * The check both sides run: `core` is `@zxcvbn-ts/core`, `common` `@zxcvbn-ts/language-common`
 * (the common-password and diceware lists, the keyboard layouts). Building it ranks the lists
 * (about a tenth of a second); a check takes milliseconds.
 */
export function makeStrengthCheck(core: Core, common: Common) {
  const zxcvbn = new core.ZxcvbnFactory({
    dictionary: { ...common.dictionary },
    graphs: common.adjacencyGraphs,
    maxLength: STRENGTH_MAX_LENGTH,
  });
  return (password: string, context: PersonalContext): WeakPassword | undefined => {
    const estimated = password.slice(0, STRENGTH_MAX_LENGTH);
    if (isRepetitive(estimated)) return 'REPETITIVE_PASSWORD';
    if (isSequential(estimated)) return 'SEQUENTIAL_PASSWORD';
    const words = personalWords(context);
    if (isPersonal(estimated, words)) return 'PERSONAL_PASSWORD';
    const result = zxcvbn.check(password, words);
    return result.guesses >= MIN_GUESSES ? undefined : reasonOf(result.sequence);
  };
}
