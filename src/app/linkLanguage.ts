// A link in a mail names the mail's language by its pack (`?lang=`): the page opens in it on any
// device.
import { LOCALES, STORAGE_KEYS } from '../../store/constants';

/**
 * Before the first view: a `lang` that names a language becomes `localeRef` (what the store and
 * the first verify read next), then leaves the address, so a reload later keeps whatever the
 * visitor chooses meanwhile. Any other value is taken out and changes nothing.
 */
export function takeLinkLanguage(window: Window): void {
  const url = new URL(window.location.href);
  const lang = url.searchParams.get('lang');
  if (lang === null) return;
  const locale = LOCALES.find((name) => name === lang);
  try {
    if (locale) window.localStorage.setItem(STORAGE_KEYS.locale, locale);
  } catch {
    // Storage refused (a private mode): the page still opens, in the stored or default language.
  }
  url.searchParams.delete('lang');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}
