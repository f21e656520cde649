// The product's languages, defined once: everything that differs by language reads this list (the
// language switch, the html's lang, the link's `lang`, Accept-Language, the mails, the digits and
// the web fonts). A language's words are its message pack (i18n/messages/<pack>.ts) and its mail
// texts (server/mail/texts/<intl>.ts).

/** The message packs' names, as the app stores, logs and links them. */
export const LOCALES = ['en', 'kh'] as const;
/** A message pack's name, as the app stores and logs it. */
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

interface Language {
  /** Its Intl locale: the html's lang, what Accept-Language carries, what the mails are in. */
  intl: string;
  /** Its name in itself, so a reader finds theirs whatever is on screen. */
  name: string;
  /** The digits its numbers, dates and times are written in (an Intl numbering system). */
  digits?: string;
  /** The web font its script needs (a CSS font family), fetched with its pack. */
  font?: string;
}

export const LANGUAGES = {
  en: { intl: 'en', name: 'English' },
  kh: { intl: 'km', name: 'ខ្មែរ', digits: 'khmr', font: 'Noto Sans Khmer' },
} as const satisfies Record<Locale, Language>;

/** A language's entry, with the fields it leaves out. */
export function languageEntry(locale: Locale): Language {
  return LANGUAGES[locale];
}

/** The locale its numbers, dates and times are written in: with its own digits, if it has them. */
export function formatLocale(locale: Locale): string {
  const { intl, digits } = languageEntry(locale);
  return digits ? `${intl}-u-nu-${digits}` : intl;
}

/** The web fonts of the languages that bring one: a stack that writes every language. */
export const WEB_FONTS: readonly string[] = LOCALES.flatMap(
  (locale) => languageEntry(locale).font ?? [],
);

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
