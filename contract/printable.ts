// A log is someone else's file: what the replay prints of it must not drive the terminal.

/** C0 and C1 controls (ESC, CSI, BEL...), and the bidirectional overrides that reorder text. */
const UNPRINTABLE =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * The text with every control character written as a visible `\uXXXX` escape. Inside JSON output
 * that is the same string (a valid escape); in the timeline it reads as what the log holds.
 */
export function printable(text: string): string {
  return text.replace(
    UNPRINTABLE,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
