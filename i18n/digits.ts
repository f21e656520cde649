// A language with its own digits (`digits` in contract/languages.ts) says so in its locale tag
// (`km-u-nu-khmr`), but a browser without that language's locale data (Chrome's reduced ICU) drops
// the tag's extensions with the language, so the digits are also asked for by name, which every
// browser honours.

/** The digits a locale tag asks for: `khmr` for `km-u-nu-khmr`, `latn` when it names none. */
export function numberingSystemOf(locale: string): string {
  return new Intl.Locale(locale).numberingSystem ?? 'latn';
}

/** IntlProvider's formats: `{x, number, digits}` in a message writes x in the locale's digits. */
export function intlFormats(locale: string) {
  return { number: { digits: { numberingSystem: numberingSystemOf(locale) } } };
}
