import { LANGUAGES } from '../contract/languages';
import { LOCALES } from '../store/constants';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { localeChanged, selectLocale } from '../store/locale/localeSlice';

import { useT } from './intl/useT';

/** Each language is named in itself, so a reader finds theirs whatever is on screen. */
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
          lang={LANGUAGES[locale].intl}
          aria-pressed={locale === current}
          onClick={() => dispatch(localeChanged(locale))}
        >
          {LANGUAGES[locale].name}
        </button>
      ))}
    </div>
  );
}
