import { homeEn } from '../../ui/home.messages';
import type { Words } from '../../ui/intl/WithWords';
import { operatorEn } from './operator.messages';

/** How home spells a date where the browser has no Intl data for the language (formatExpiry). */
const DATE_IDS = [
  'home.sessionEndsAt',
  ...Array.from({ length: 12 }, (_, month) => `month.${month + 1}` as const),
] as const;
const datesOf = (pack: Record<string, string>) =>
  Object.fromEntries(DATE_IDS.map((id) => [id, pack[id]!]));

/** The console's words, and home's for dates, in the console's chunk only. */
export const OPERATOR_WORDS: Words = { ...datesOf(homeEn), ...operatorEn };
