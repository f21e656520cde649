// Redaction by value, proved on generated actions: a secret under any secret key, at any depth,
// never survives; a refusal's field codes always do, whatever field they name.
import fc from 'fast-check';

import { redactedJson } from '../redact';
import { FIELD_ERROR_CODES } from '../schemas';

const SECRET_KEYS = [
  'password',
  'Password',
  'currentPassword',
  'newPassword',
  'token',
  'TOKEN',
  'authorization',
];
/** Secrets carry a marker no generated key or code can contain, so a leak is easy to find. */
const secret = fc.string({ minLength: 1, maxLength: 20 }).map((text) => `SeCrEt-${text}`);
const key = fc.string({ maxLength: 8 }).filter((name) => !name.includes('SeCrEt'));
const plain = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), key);

/** Wraps `inner` in `depth` random objects and arrays. */
function nested(inner: unknown, path: Array<{ key: string; array: boolean }>): unknown {
  return path.reduceRight<unknown>(
    (value, step) => (step.array ? [value] : { [step.key]: value }),
    inner,
  );
}
const path = fc.array(fc.record({ key, array: fc.boolean() }), { maxLength: 6 });

it('never keeps a value found under a secret key, wherever it sits', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...SECRET_KEYS),
      secret,
      path,
      fc.dictionary(key, plain),
      fc.constantFrom('payload', 'meta', 'fields', 'originalArgs'),
      (secretKey, value, route, siblings, parent) => {
        const action = {
          type: 'anything',
          [parent]: nested({ ...siblings, [secretKey]: value }, route),
        };
        expect(redactedJson(action)).not.toContain('SeCrEt');
      },
    ),
  );
});

it('never keeps a Bearer header or a secret in a URL query', () => {
  fc.assert(
    fc.property(secret, key, fc.constantFrom('code', 'token', 'password'), (value, name, param) => {
      const text = redactedJson({
        headers: { [name || 'x']: `Bearer ${value}` },
        location: { search: `?email=a%40b.c&${param}=${encodeURIComponent(value)}` },
      });
      expect(text).not.toContain('SeCrEt');
    }),
  );
});

it('keeps the field codes of a refusal readable, under any field name', () => {
  fc.assert(
    fc.property(
      fc.dictionary(
        fc.oneof(fc.constantFrom(...SECRET_KEYS), key),
        fc.constantFrom(...FIELD_ERROR_CODES),
        {
          minKeys: 1,
        },
      ),
      path,
      (fields, route) => {
        const action = {
          type: 'api/executeMutation/rejected',
          payload: nested(
            { status: 400, data: { error: true, code: 'VALIDATION', fields } },
            route,
          ),
        };
        const copy = JSON.stringify(JSON.parse(redactedJson(action)!));
        for (const [name, code] of Object.entries(fields)) {
          expect(copy).toContain(`${JSON.stringify(name)}:${JSON.stringify(code)}`);
        }
      },
    ),
  );
});

it('hides even a field code when it is what the visitor typed as a password', () => {
  const action = {
    type: 'api/executeMutation/pending',
    meta: {
      arg: { originalArgs: { password: 'COMMON_PASSWORD', fields: { password: 'TOO_SHORT' } } },
    },
  };
  expect(redactedJson(action)).not.toMatch(/COMMON_PASSWORD|TOO_SHORT/);
});
