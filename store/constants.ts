// One place for every fixed fact of the product (docs/architecture.md, Fixed facts).

export const STORAGE_KEYS = { token: 'token', locale: 'localeRef' } as const;
export const USER_COOKIE = 'user';
export const SESSION_TIME_ZONE = 'Asia/Phnom_Penh';
export const HTTP_TIMEOUT_MS = 30_000;
/** Cookie lifetime in seconds when the verify answer has no `signature.exp`. */
export const EXP_FALLBACK_SECONDS = 10;
/** Defaults for every cookie the app writes: js-cookie attributes (expires in days). */
export const COOKIE_DEFAULTS = { expires: 1, path: '/', sameSite: 'Lax', secure: false } as const;
export const LOCALES = ['en', 'kh'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** The Intl locale of each message pack: `kh` is the pack's name, Khmer is `km`. */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en', kh: 'km' };
/** The locale numbers, dates and times are written in: Khmer with Khmer digits. */
export const FORMAT_LOCALE: Record<Locale, string> = { en: 'en', kh: 'km-u-nu-khmr' };
export const ACTION_LOG_CAPACITY = 10_000;
/** Logs that leave the browser mask names and addresses; a build with `off` keeps them. */
export const ACTION_LOG_MASKING = process.env.ACTION_LOG_MASKING !== 'off';
export const API_BASE_URL = process.env.API_BASE_URL ?? '';
/** The product's name, in the header and the title, the same in every language. */
export const APP_NAME = process.env.APP_NAME || 'Accounts';
/** Where visitors reach support (an address, a link or a phone number), set at build time. */
export const SUPPORT_CONTACT = process.env.SUPPORT_CONTACT || 'support@example.com';
