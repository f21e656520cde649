import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';

import { intlFormats } from '../../i18n/digits';
import { loadMessages, peekMessages, type Messages } from '../../i18n/loadMessages';
import { DEFAULT_LOCALE, FORMAT_LOCALE, INTL_LOCALE, type Locale } from '../../store/constants';
import { useAppSelector } from '../../store/hooks';
import { selectLocale } from '../../store/locale/localeSlice';

import { LoadingShell } from './LoadingCard';

interface MessagePack {
  locale: Locale;
  messages: Messages;
}

/**
 * The pack to show for `locale`: at once when it is in memory; otherwise the pack already on
 * screen while it loads (so switching never blanks the page), or null before the first one
 * (the loading shell stands in, without words, until it arrives).
 */
function useMessagePack(locale: Locale): MessagePack | null {
  const ready = peekMessages(locale);
  const [shown, setShown] = useState<MessagePack | null>(null);
  if (ready && shown?.messages !== ready) setShown({ locale, messages: ready });

  useEffect(() => {
    if (ready) return;
    let current = true;
    void loadMessages(locale).then((messages) => {
      if (current) setShown({ locale, messages });
    });
    return () => {
      current = false;
    };
  }, [locale, ready]);

  return ready ? { locale, messages: ready } : shown;
}

export function LocaleProvider({ children }: { children: ReactNode }) {
  const pack = useMessagePack(useAppSelector(selectLocale));
  const intlLocale = pack ? INTL_LOCALE[pack.locale] : null;

  useEffect(() => {
    if (intlLocale) document.documentElement.lang = intlLocale;
  }, [intlLocale]);

  if (!pack || !intlLocale) return <LoadingShell />;
  return (
    <IntlProvider
      locale={FORMAT_LOCALE[pack.locale]}
      formats={intlFormats(FORMAT_LOCALE[pack.locale])}
      defaultLocale={DEFAULT_LOCALE}
      messages={pack.messages}
    >
      {children}
    </IntlProvider>
  );
}
