import fc from 'fast-check';

import { printable } from '../printable';

it('leaves printable text as it is', () => {
  expect(printable('login → /signup +4.71 s ម៉ាស៊ីនមេ')).toBe('login → /signup +4.71 s ម៉ាស៊ីនមេ');
});

it('writes every control character and line break as a visible escape', () => {
  expect(printable('a\u001b[2Jb\u0007\u009b\u202e')).toBe('a\\u001b[2Jb\\u0007\\u009b\\u202e');
  expect(printable('a\nb\rc\u2028d\u2029e\u0085f\u200fg')).toBe(
    'a\\u000ab\\u000dc\\u2028d\\u2029e\\u0085f\\u200fg',
  );
});

it('never lets a control character or a line break through', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary' }), (text) => {
      expect(printable(text)).not.toMatch(
        // eslint-disable-next-line no-control-regex -- finding control characters is the point
        /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/,
      );
    }),
  );
});

it('keeps JSON that holds controls valid and equal to what it was', () => {
  const value = { type: 'x\u009by\u202ez\u2028' };
  expect(JSON.parse(printable(JSON.stringify(value)))).toEqual(value);
});
