// What a code field makes of what it is given: a code copied from a mail or a message often comes
// spaced ("791 860"), dashed ("791-860") or in a language's own digits ("៧៩១៨៦០").
import { languageEntry, LOCALES } from '../../contract/languages';
import { CODE_LENGTH } from '../../contract/schemas';

import { isFillable } from '../focusOnOpen';

/** Each language's own digits (contract/languages.ts), with the ASCII digit each stands for. */
const OWN_DIGITS = new Map(
  LOCALES.flatMap((locale) => {
    const { digits } = languageEntry(locale);
    if (!digits) return [];
    const own = new Intl.NumberFormat('en', { numberingSystem: digits });
    return Array.from({ length: 10 }, (_, digit) => [own.format(digit), String(digit)] as const);
  }),
);

/** Only the digits of `text`, a language's own read as ASCII ones, at most CODE_LENGTH of them. */
export function codeDigits(text: string): string {
  const ascii = Array.from(text, (char) => OWN_DIGITS.get(char) ?? char).join('');
  return ascii.replace(/[^0-9]/g, '').slice(0, CODE_LENGTH);
}

/** The first field after `input` in its form that is still empty. */
export function nextEmptyField(input: HTMLInputElement): HTMLInputElement | null {
  const fields = Array.from(input.form?.elements ?? []).filter(isFillable);
  return fields.slice(fields.indexOf(input) + 1).find((field) => field.value === '') ?? null;
}
