export type MailLanguage = 'en' | 'km';

/** The app sends `en` or `km`; `kh` (its pack name) is taken as Khmer too. */
export function mailLanguage(acceptLanguage: string | undefined): MailLanguage {
  const first = acceptLanguage?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('km') || first.startsWith('kh') ? 'km' : 'en';
}

/** A number in a sentence as the language writes it: Khmer digits in Khmer (codes stay as sent). */
export function mailNumber(language: MailLanguage, value: number): string {
  return new Intl.NumberFormat(language === 'km' ? 'km-u-nu-khmr' : 'en').format(value);
}
