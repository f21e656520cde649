import fc from 'fast-check';

import { printable } from '../printable';

it('leaves printable text and new lines as they are', () => {
  expect(printable('login → /signup\n+4.71 s ម៉ាស៊ីនមេ')).toBe('login → /signup\n+4.71 s ម៉ាស៊ីនមេ');
});

it('writes every control character as a visible escape', () => {
  expect(printable('a\u001b[2Jb\u0007\u009b\u202e')).toBe('a\\u001b[2Jb\\u0007\\u009b\\u202e');
});

it('never lets a control character other than a new line through', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary' }), (text) => {
      // eslint-disable-next-line no-control-regex -- finding control characters is the point
      expect(printable(text)).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    }),
  );
});

it('keeps JSON that holds controls valid and equal to what it was', () => {
  const value = { type: 'x\u009by\u202ez' };
  expect(JSON.parse(printable(JSON.stringify(value)))).toEqual(value);
});
