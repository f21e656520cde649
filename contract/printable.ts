// A log is someone else's file: what the replay prints of it must not drive the terminal, nor
// start a line of its own.

/**
 * C0 and C1 controls (line feed and carriage return included: ESC, CSI, BEL...), the Unicode line
 * and paragraph separators, and the bidirectional marks and overrides that reorder text.
 */
const UNPRINTABLE =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * The text with every control character and line break written as a visible `\uXXXX` escape,
 * so it stays on the line it is printed on. Inside JSON output that is the same string (a valid
 * escape); in the timeline it reads as what the log holds. Apply it to one line (or one cell) at
 * a time: the line breaks the command prints itself go around it.
 */
export function printable(text: string): string {
  return text.replace(
    UNPRINTABLE,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * Line breaks, tabs and every other control character, the bidirectional controls, and halves of
 * a surrogate pair standing alone (a database stores them altered, or not at all).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const SURROGATE_PAIR = /[\ud800-\udbff][\udc00-\udfff]/g;
const SURROGATE = /[\ud800-\udfff]/;

/** Whether a text a person typed holds something no one types: it is refused, never stored. */
export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text) || SURROGATE.test(text.replace(SURROGATE_PAIR, ''));
}
