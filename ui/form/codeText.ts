// What a code field makes of what it is given: a code copied from a mail or a message often comes
// spaced ("791 860"), dashed ("791-860") or in Khmer digits ("៧៩១៨៦០").
import { CODE_LENGTH } from '../../contract/schemas';

import { isFillable } from '../focusOnOpen';

const KHMER_ZERO = 0x17e0;

/** Only the digits of `text`, Khmer digits read as ASCII ones, at most CODE_LENGTH of them. */
export function codeDigits(text: string): string {
  const ascii = text.replace(/[\u17e0-\u17e9]/g, (digit) =>
    String(digit.charCodeAt(0) - KHMER_ZERO),
  );
  return ascii.replace(/[^0-9]/g, '').slice(0, CODE_LENGTH);
}

/** The first field after `input` in its form that is still empty. */
export function nextEmptyField(input: HTMLInputElement): HTMLInputElement | null {
  const fields = Array.from(input.form?.elements ?? []).filter(isFillable);
  return fields.slice(fields.indexOf(input) + 1).find((field) => field.value === '') ?? null;
}
