// Imported first by main.tsx, so it runs before the rest of the app is evaluated: what the first
// navigation waits for (its verify call, its view's chunk, a stored session's time code) is on its
// way while the store and React start. It imports as little as it can, so the verify call leaves
// at once: the store reads the same storage again when it starts (store/storedState.ts).
import { DEFAULT_LOCALE, LOCALES, PAGE_LOG_ID, STORAGE_KEYS } from '../../store/constants';

import { sendVerifyEarly, verifyRequest } from './earlyVerify';
import { takeLinkLanguage } from './linkLanguage';
import { preloadViewsFor } from './preloadViews';
import { takeProviderReturn } from './providerReturn';
import { loadSessionTime } from './sessionTimeChunk';

function stored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

takeProviderReturn(window);
takeLinkLanguage(window);
const token = stored(STORAGE_KEYS.token) || null;
const storedLocale = stored(STORAGE_KEYS.locale);
const locale = LOCALES.find((name) => name === storedLocale) ?? DEFAULT_LOCALE;
sendVerifyEarly(window, verifyRequest(window.location.origin, token, locale, PAGE_LOG_ID));
preloadViewsFor(window.location.pathname, token !== null);
if (token) loadSessionTime().catch(() => {});
