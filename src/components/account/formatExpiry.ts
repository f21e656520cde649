import type { IntlShape } from 'react-intl';

import type { Translate } from '../intl/useT';

const MONTHS = [
  'month.1',
  'month.2',
  'month.3',
  'month.4',
  'month.5',
  'month.6',
  'month.7',
  'month.8',
  'month.9',
  'month.10',
  'month.11',
  'month.12',
] as const;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * The session expiry as a date and time in the visitor's language. Some browsers carry no Intl
 * data for Khmer (Intl would print English); there the message pack spells the date itself.
 */
export function formatExpiry(intl: IntlShape, t: Translate, date: Date): string {
  if (Intl.DateTimeFormat.supportedLocalesOf([intl.locale]).length > 0) {
    return intl.formatDate(date, { dateStyle: 'long', timeStyle: 'short' });
  }
  return t('home.sessionEndsAt', {
    day: date.getDate(),
    month: t(MONTHS[date.getMonth()] ?? 'month.1'),
    year: date.getFullYear(),
    time: `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`,
  });
}
