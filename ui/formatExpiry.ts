import type { IntlShape } from 'react-intl';

import { numberingSystemOf } from '../i18n/digits';
import type { Translate } from './intl/useT';

/** The month words' ids, January first. */
export const MONTHS = [
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

/**
 * The session expiry as a date and time in the visitor's language. Some browsers carry no Intl
 * data for some languages (Intl would print English); there the message pack spells the date.
 */
export function formatExpiry(intl: IntlShape, t: Translate, date: Date): string {
  const numberingSystem = numberingSystemOf(intl.locale);
  if (Intl.DateTimeFormat.supportedLocalesOf([intl.locale]).length > 0) {
    return intl.formatDate(date, { dateStyle: 'long', timeStyle: 'short', numberingSystem });
  }
  // Numbers through Intl all the same, so a language keeps its own digits.
  const number = (value: number, minimumIntegerDigits = 1) =>
    intl.formatNumber(value, { useGrouping: false, minimumIntegerDigits, numberingSystem });
  return t('home.sessionEndsAt', {
    day: number(date.getDate()),
    month: t(MONTHS[date.getMonth()] ?? 'month.1'),
    year: number(date.getFullYear()),
    time: `${number(date.getHours(), 2)}:${number(date.getMinutes(), 2)}`,
  });
}
