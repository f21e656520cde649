// One place for every fixed fact of the product (docs/architecture.md, Fixed facts).
import { formatLocale, LANGUAGES, LOCALES, type Locale } from '../contract/languages';

export const STORAGE_KEYS = { token: 'token', locale: 'localeRef' } as const;
/** Keys of the tab's session storage: what outlives a reload of this tab only. */
export const TAB_STORAGE_KEYS = {
  secondStep: 'secondStep',
  /** A provider's flow this tab started: which provider, and what for. */
  providerFlow: 'providerFlow',
  /** A provider's return, taken out of the address before the app starts (startEarly.ts). */
  providerReturn: 'providerReturn',
} as const;
export const USER_COOKIE = 'user';
export { SESSION_TIME_ZONE } from '../contract/time';
export const HTTP_TIMEOUT_MS = 30_000;
/** Cookie lifetime in seconds when the verify answer has no `signature.exp`. */
export const EXP_FALLBACK_SECONDS = 10;
/** Defaults for every cookie the app writes: js-cookie attributes (expires in days). */
export const COOKIE_DEFAULTS = { expires: 1, path: '/', sameSite: 'Lax', secure: false } as const;
export { DEFAULT_LOCALE, LOCALES, type Locale } from '../contract/languages';
/** The Intl locale of each message pack (contract/languages.ts). */
export const INTL_LOCALE = Object.fromEntries(
  LOCALES.map((locale) => [locale, LANGUAGES[locale].intl]),
) as Record<Locale, string>;
/** The locale numbers, dates and times are written in, in the language's own digits. */
export const FORMAT_LOCALE = Object.fromEntries(
  LOCALES.map((locale) => [locale, formatLocale(locale)]),
) as Record<Locale, string>;
export const ACTION_LOG_CAPACITY = 10_000;
/**
 * After a password reset or "Log out all other devices", home offers to remove the passkeys added
 * in this many days: a session lives 7 days, so one a thief added with a stolen session is this
 * recent when that session is found out.
 */
export const RECENT_PASSKEY_DAYS = 7;
/** Logs that leave the browser mask names and addresses; a build with `off` keeps them. */
export const ACTION_LOG_MASKING = process.env.ACTION_LOG_MASKING !== 'off';
export const API_BASE_URL = process.env.API_BASE_URL ?? '';
/** The product's name, in the header and the title, the same in every language. */
export const APP_NAME = process.env.APP_NAME || 'Accounts';
/** Where visitors reach support (an address, a link or a phone number), set at build time. */
export const SUPPORT_CONTACT = process.env.SUPPORT_CONTACT || 'support@example.com';

/**
 * A random id (a request's, a log's): a UUID, or where `crypto.randomUUID` is missing (a page
 * served over plain HTTP, an older browser) 128 random bits from `crypto.getRandomValues`.
 */
export function newId(): string {
  return crypto.randomUUID?.() ?? crypto.getRandomValues(new Uint32Array(4)).join('-');
}
/**
 * The id of this page's action log, made once per page load: every API request carries it
 * (`X-Log-Id`, the first load's early verify call too) and the log file names it.
 */
export const PAGE_LOG_ID = newId();
