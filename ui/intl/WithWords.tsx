import { useMemo, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';

/** A part's own words in English: the language on screen brings their translations in its pack. */
export type Words = Record<string, string>;

/**
 * The app's words and a part's own, for a part that brings its words in its own chunk instead of
 * the app's first load: the pack on screen holds every translation of the language, so a word it
 * lacks (English on screen, or a pack missing one) is the part's English.
 */
export function WithWords({ words, children }: { words: Words; children: ReactNode }) {
  const intl = useIntl();
  // Both are plain text in tests and ICU ASTs in builds (scripts/webpack/messagesToAst.cjs).
  const messages = useMemo(
    () => ({ ...words, ...intl.messages }) as Record<string, string>,
    [intl.messages, words],
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
