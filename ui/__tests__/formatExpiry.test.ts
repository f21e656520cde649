import { createIntl } from 'react-intl';

import { kh } from '../../i18n/messages/kh';
import { formatExpiry } from '../formatExpiry';
import { homeEn } from '../home.messages';
import type { Translate } from '../intl/useT';

// 5 January 2026, 09:07 local time.
const DATE = new Date(2026, 0, 5, 9, 7);

function formatWith(locale: string, messages: Record<string, string>) {
  const intl = createIntl({ locale, messages, onError: () => {} });
  const t: Translate = (id, values) => intl.formatMessage({ id }, values);
  return formatExpiry(intl, t, DATE);
}

afterEach(() => jest.restoreAllMocks());

it('uses Intl when the browser knows the language', () => {
  expect(formatWith('en', homeEn)).toBe(
    new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' }).format(DATE),
  );
});

it('spells the date from the Khmer pack when the browser has no Khmer data', () => {
  jest.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf').mockReturnValue([]);
  expect(formatWith('km-u-nu-khmr', { ...homeEn, ...kh })).toBe('ថ្ងៃទី ៥ ខែមករា ឆ្នាំ ២០២៦ ម៉ោង ០៩:០៧');
});

it.each(['km-u-nu-khmr', 'zz-u-nu-khmr'])(
  'writes a Khmer date and time in Khmer digits, with or without Khmer data (%s)',
  (locale) => {
    expect(formatWith(locale, { ...homeEn, ...kh })).not.toMatch(/[0-9]/);
  },
);
