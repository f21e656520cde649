// A mail's language: one of the product's languages (contract/languages.ts), by its Intl locale.
import {
  LANGUAGES,
  languageOf,
  LOCALES,
  type IntlLanguage,
  type Locale,
} from '../../contract/languages';

export type MailLanguage = IntlLanguage;

/** The app sends `en` or `km`; `kh` (its pack name) is taken as Khmer too. */
export function mailLanguage(acceptLanguage: string | undefined): MailLanguage {
  return LANGUAGES[languageOf(acceptLanguage)].intl;
}

/** The app's language pack of a mail's language: what its links carry as `lang`. */
export function mailPack(language: MailLanguage): Locale {
  return LOCALES.find((candidate) => LANGUAGES[candidate].intl === language) ?? 'en';
}

/** The locale a mail's numbers are written in: Khmer digits in Khmer (codes stay as sent). */
export function mailLocale(language: MailLanguage): string {
  return LANGUAGES[mailPack(language)].format;
}
