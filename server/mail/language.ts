// A mail's language: one of the product's languages (contract/languages.ts), by its Intl locale.
import { LANGUAGES, languageOf, LOCALES, type IntlLanguage } from '../../contract/languages';

export type MailLanguage = IntlLanguage;

/** The app sends `en` or `km`; `kh` (its pack name) is taken as Khmer too. */
export function mailLanguage(acceptLanguage: string | undefined): MailLanguage {
  return LANGUAGES[languageOf(acceptLanguage)].intl;
}

/** The locale a mail's numbers are written in: Khmer digits in Khmer (codes stay as sent). */
export function mailLocale(language: MailLanguage): string {
  const locale = LOCALES.find((candidate) => LANGUAGES[candidate].intl === language);
  return LANGUAGES[locale ?? 'en'].format;
}
