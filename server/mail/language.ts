// A mail's language: one of the product's languages (contract/languages.ts), by its Intl locale.
import {
  DEFAULT_LOCALE,
  formatLocale,
  LANGUAGES,
  languageOf,
  LOCALES,
  type IntlLanguage,
  type Locale,
} from '../../contract/languages';

export type MailLanguage = IntlLanguage;

/** By the Intl locale the app sends, or by a pack's name (contract/languages.ts). */
export function mailLanguage(acceptLanguage: string | undefined): MailLanguage {
  return LANGUAGES[languageOf(acceptLanguage)].intl;
}

/** The app's language pack of a mail's language: what its links carry as `lang`. */
export function mailPack(language: MailLanguage): Locale {
  return LOCALES.find((candidate) => LANGUAGES[candidate].intl === language) ?? DEFAULT_LOCALE;
}

/** The locale a mail's numbers are written in: the language's own digits (codes stay as sent). */
export function mailLocale(language: MailLanguage): string {
  return formatLocale(mailPack(language));
}
