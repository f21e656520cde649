import fc from 'fast-check';

import { canonicalEmail, isPlainEmail } from '../email';
import { checkEmail, normalizeEmail } from '../schemas';

// Characters that turn an address into something else: a display name, a list, a comment, a
// quoted part, a second address, or text a reader cannot see.
const BREAKERS = [
  '<',
  '>',
  ',',
  ';',
  ':',
  '"',
  '(',
  ')',
  '[',
  ']',
  '\\',
  ' ',
  '\t',
  '\n',
  '\r',
  '\u0000',
  '\u0007',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u2060',
  '\u2028',
  '\ufeff',
  '\u202e',
  '\u00ad',
];

it('refuses the address tricks that reached a victim', () => {
  for (const trick of [
    'x<victim@example.com>',
    'Victim <victim@example.com>',
    'x,victim@example.com',
    'x;victim@example.com',
    'victim@example.com, other@example.com',
    'victim@example.com (work)',
    '"victim"@example.com',
    'vic\u200btim@example.com',
    'victim@exa\u200dmple.com',
    'victim@example.com\u0000',
    'victim@@example.com',
    'victim@example',
    '.victim@example.com',
    'vic..tim@example.com',
    'victim@-example.com',
  ]) {
    expect([trick, checkEmail(trick)]).toEqual([trick, 'INVALID_EMAIL']);
  }
});

it('makes look-alike spellings one address: case, spaces, composed or decomposed, full width', () => {
  const canonical = 'café@example.com';
  for (const variant of [
    'café@example.com',
    'cafe\u0301@example.com',
    '  CAFÉ@Example.COM ',
    'ｃａｆé＠ｅｘａｍｐｌｅ.ｃｏｍ',
  ]) {
    expect(normalizeEmail(variant)).toBe(canonical);
    expect(checkEmail(variant)).toBeUndefined();
  }
});

it('accepts plain addresses in their canonical form, which is stable', () => {
  fc.assert(
    fc.property(fc.emailAddress({ size: 'small' }), (address) => {
      const canonical = canonicalEmail(address);
      expect(isPlainEmail(canonical)).toBe(true);
      expect(canonicalEmail(canonical)).toBe(canonical);
    }),
  );
});

it('refuses any plain address with a breaking character anywhere inside it', () => {
  fc.assert(
    fc.property(
      fc.emailAddress({ size: 'small' }),
      fc.constantFrom(...BREAKERS),
      fc.nat(),
      (address, breaker, at) => {
        const position = 1 + (at % (address.length - 1));
        const broken = address.slice(0, position) + breaker + address.slice(position);
        expect(checkEmail(broken)).toBe('INVALID_EMAIL');
      },
    ),
  );
});

it('never accepts a string with a control or invisible character, however it is built', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
      const canonical = canonicalEmail(text);
      if (/[\p{Cc}\p{Cf}\p{Z}<>,;:"()[\]\\]/u.test(canonical)) {
        expect(isPlainEmail(canonical)).toBe(false);
      }
    }),
  );
});
