// Generators of hostile input: wrong types, huge strings, deep nesting, unicode, control
// characters, SQL and script fragments.
import fc from 'fast-check';

const FRAGMENTS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR 1=1 --',
  '1; SELECT pg_sleep(5)--',
  "admin'--",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${process.exit(1)}',
  '__proto__',
  'constructor',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  '\r\n\r\nHTTP/1.1 200 OK',
];

export const controlText = fc
  .array(fc.integer({ min: 0, max: 31 }), { maxLength: 40 })
  .map((codes) => String.fromCharCode(...codes));

export const hostileText = fc.oneof(
  fc.constantFrom(...FRAGMENTS),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  controlText,
  fc.tuple(fc.constantFrom(...FRAGMENTS), fc.emailAddress()).map(([a, b]) => `${b}${a}`),
  fc.integer({ min: 1000, max: 40_000 }).map((n) => 'a'.repeat(n)),
);

/** Nested arrays or objects deep enough to trouble a recursive parser or validator. */
export const deepNesting = fc
  .tuple(fc.integer({ min: 50, max: 5000 }), fc.boolean())
  .map(([depth, objects]) =>
    objects
      ? '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)
      : '['.repeat(depth) + ']'.repeat(depth),
  );

const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

const fieldValue = fc.oneof(hostileText, wrongType);

/** A JSON text with the API's field names holding hostile values. */
export const hostileFields = fc
  .record(
    { name: fieldValue, email: fieldValue, password: fieldValue, code: fieldValue },
    { requiredKeys: [] },
  )
  .map((body) => JSON.stringify(body));

/** Any request body text: shaped, arbitrary JSON, deep, truncated or not JSON at all. */
export const hostileBody = fc.oneof(
  { weight: 4, arbitrary: hostileFields },
  fc.anything({ maxDepth: 4 }).map((value) => JSON.stringify(value) ?? 'undefined'),
  deepNesting,
  hostileFields.chain((text) => fc.nat({ max: text.length }).map((cut) => text.slice(0, cut))),
  hostileText,
  fc.constantFrom('{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}', ''),
);

export const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
  undefined,
);
