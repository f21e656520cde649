import { LANGUAGES } from '../contract/languages';
import { LOCALES, type Locale } from '../store/constants';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { localeChanged, selectLocale } from '../store/locale/localeSlice';

import { useT } from './intl/useT';

/** Each language is named in itself, so a reader finds theirs whatever is on screen. */
const NATIVE_NAMES: Record<Locale, { name: string; lang: string }> = {
  en: { name: LANGUAGES.en.name, lang: LANGUAGES.en.intl },
  kh: { name: LANGUAGES.kh.name, lang: LANGUAGES.kh.intl },
};

export function LanguageSwitch() {
  const t = useT();
  const dispatch = useAppDispatch();
  const current = useAppSelector(selectLocale);
  return (
    <div className="language-switch" role="group" aria-label={t('language.label')}>
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          className="language-switch__option"
          lang={NATIVE_NAMES[locale].lang}
          aria-pressed={locale === current}
          onClick={() => dispatch(localeChanged(locale))}
        >
          {NATIVE_NAMES[locale].name}
        </button>
      ))}
    </div>
  );
}
