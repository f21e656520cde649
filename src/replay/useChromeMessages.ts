import { useEffect, useState } from 'react';

import { loadMessages, peekMessages, type Messages } from '../../i18n/loadMessages';
import type { Locale } from '../../store/constants';

/** The replay page's own texts in `locale`: English until the pack has loaded. */
export function useChromeMessages(locale: Locale): Messages {
  const [loaded, setLoaded] = useState<{ locale: Locale; messages: Messages } | null>(null);
  useEffect(() => {
    let current = true;
    void loadMessages(locale).then((messages) => current && setLoaded({ locale, messages }));
    return () => {
      current = false;
    };
  }, [locale]);
  return (
    peekMessages(locale) ?? (loaded?.locale === locale ? loaded.messages : peekMessages('en')!)
  );
}
