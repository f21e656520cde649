// The product's languages, defined once: the app's message packs (`en`, `kh`), the Intl locale of
// each (Khmer is `km`), the locale its numbers, dates and times are written in, and its name in
// itself. The app sends the Intl locale in Accept-Language; the server writes its mails in it.

export const LOCALES = ['en', 'kh'] as const;
/** A message pack's name, as the app stores and logs it. */
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const LANGUAGES = {
  en: { intl: 'en', format: 'en', name: 'English' },
  /** Khmer: numbers, dates and times with Khmer digits. */
  kh: { intl: 'km', format: 'km-u-nu-khmr', name: 'ខ្មែរ' },
} as const satisfies Record<Locale, { intl: string; format: string; name: string }>;

/** A language's Intl locale: what Accept-Language carries and the mails are written in. */
export type IntlLanguage = (typeof LANGUAGES)[Locale]['intl'];
export const INTL_LANGUAGES: readonly IntlLanguage[] = LOCALES.map(
  (locale) => LANGUAGES[locale].intl,
);

/** The language of an Accept-Language header's first tag, by Intl locale or by pack name. */
export function languageOf(acceptLanguage: string | undefined): Locale {
  const first = acceptLanguage?.split(',')[0]?.trim().toLowerCase() ?? '';
  return (
    LOCALES.find((locale) => first.startsWith(LANGUAGES[locale].intl)) ??
    LOCALES.find((locale) => first.startsWith(locale)) ??
    DEFAULT_LOCALE
  );
}
