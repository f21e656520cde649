import { useEffect, useMemo, useState } from 'react';

import { loadMessages, peekMessages, type Messages } from '../../i18n/loadMessages';
import { replayEn, replayKh } from '../../i18n/messages/replay';
import type { Locale } from '../../store/constants';

const REPLAY_WORDS: Record<Locale, Messages> = { en: replayEn, kh: replayKh };

/** The app's pack in `locale` (English until it has loaded) with the replay page's own words. */
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
  const shown = pack ? locale : 'en';
  const app = pack ?? peekMessages('en')!;
  return useMemo(() => ({ ...app, ...REPLAY_WORDS[shown] }), [app, shown]);
}
