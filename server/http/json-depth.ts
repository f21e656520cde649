// How deeply a JSON text nests, bounded before it is parsed.
//
// Why a scan before JSON.parse rather than a check after it: the parse itself is the cost. A body
// of the largest allowed size (2 MiB for an activity log) that is one long run of `[` builds a
// million nested arrays, and everything that walks the result afterwards (the prototype-key scan
// of the JSON parser, schema validation, the log's reader and redaction) recurses into them until
// the stack overflows. One pass over the characters, counting brackets outside strings, allocates
// nothing and stops at the first bracket past the bound.

/** Deeper than any body or log the app sends (its state nests about a dozen levels). */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Whether `text`, read as JSON, opens more than `max` arrays or objects inside one another.
 * Brackets inside strings do not count. Text that is not JSON is scanned all the same: the parse
 * that follows refuses it.
 */
export function nestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
      depth -= 1;
    }
  }
  return false;
}

/** The refusal of a body nested past the bound: 400 BAD_REQUEST with its own message. */
export class JsonTooDeep extends Error {
  readonly statusCode = 400;

  constructor(max = MAX_JSON_DEPTH) {
    super(`The JSON body nests more than ${max} levels deep.`);
    this.name = 'JsonTooDeep';
  }
}
