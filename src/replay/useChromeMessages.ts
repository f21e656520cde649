import { useEffect, useMemo, useState } from 'react';

import { loadMessages, peekMessages, type Messages } from '../../i18n/loadMessages';
import { DEFAULT_LOCALE, type Locale } from '../../store/constants';
import { replayEn } from './replay.messages';

/**
 * The app's pack in `locale` (English until it has loaded), which holds the replay page's words in
 * that language, over the page's own English words.
 */
export function useChromeMessages(locale: Locale): Messages {
  const [loaded, setLoaded] = useState<{ locale: Locale; messages: Messages } | null>(null);
  useEffect(() => {
    let current = true;
    void loadMessages(locale).then((messages) => current && setLoaded({ locale, messages }));
    return () => {
      current = false;
    };
  }, [locale]);
  const ready = peekMessages(locale);
  const pack = ready ?? (loaded?.locale === locale ? loaded.messages : undefined);
  const app = pack ?? peekMessages(DEFAULT_LOCALE)!;
  return useMemo(() => ({ ...replayEn, ...app }), [app]);
}
