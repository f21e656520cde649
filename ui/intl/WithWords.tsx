import { useMemo, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';

import { FORMAT_LOCALE, type Locale } from '../../store/constants';

export type Words = Record<Locale, Record<string, string>>;

/**
 * The app's words and a part's own (in the language on screen, English for any missing), for a
 * part that brings its words in its own chunk instead of the app's first load.
 */
export function WithWords({ words, children }: { words: Words; children: ReactNode }) {
  const intl = useIntl();
  const shown = (Object.keys(FORMAT_LOCALE) as Locale[]).find(
    (locale) => FORMAT_LOCALE[locale] === intl.locale,
  );
  // Both are plain text in tests and ICU ASTs in builds (scripts/webpack/messagesToAst.cjs).
  const messages = useMemo(
    () =>
      ({ ...intl.messages, ...words.en, ...(shown ? words[shown] : {}) }) as Record<string, string>,
    [intl.messages, words, shown],
  );
  return (
    <IntlProvider
      locale={intl.locale}
      formats={intl.formats}
      defaultLocale={intl.defaultLocale}
      messages={messages}
    >
      {children}
    </IntlProvider>
  );
}
