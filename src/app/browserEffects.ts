import Cookies from 'js-cookie';

import { passkeyCeremonies } from '../../features/passkeys/passkeyCeremonies';
import type { Effects, KeyValueStorage } from '../../store/effects';
import { createAppHistory } from '../../store/router/browserHistory';

import { loadSessionTime } from './sessionTimeChunk';

/**
 * localStorage or sessionStorage, or a no-op when the browser refuses it (private modes, disabled
 * storage).
 */
function storageOf(window: Window, which: 'localStorage' | 'sessionStorage'): KeyValueStorage {
  const attempt = <T>(run: (storage: Storage) => T, fallback: T): T => {
    try {
      return run(window[which]);
    } catch {
      return fallback;
    }
  };
  return {
    getItem: (key) => attempt((storage) => storage.getItem(key), null),
    setItem: (key, value) => attempt((storage) => storage.setItem(key, value), undefined),
    removeItem: (key) => attempt((storage) => storage.removeItem(key), undefined),
  };
}

export function browserEffects(window: Window): Effects {
  return {
    storage: storageOf(window, 'localStorage'),
    tabStorage: storageOf(window, 'sessionStorage'),
    cookies: {
      set: (name, value, attributes) => void Cookies.set(name, value, attributes),
      remove: (name, attributes) => Cookies.remove(name, attributes),
    },
    clock: { now: () => Date.now() },
    loadSessionTime,
    history: createAppHistory(window),
    console: globalThis.console,
    connection: {
      onOnline(listener) {
        window.addEventListener('online', listener);
        return () => window.removeEventListener('online', listener);
      },
    },
    passkeys: passkeyCeremonies(window),
    page: {
      leave: (url) =>
        new Promise<void>((resolve) => {
          const shown = (event: PageTransitionEvent) => {
            if (!event.persisted) return;
            window.removeEventListener('pageshow', shown);
            resolve();
          };
          window.addEventListener('pageshow', shown);
          window.location.assign(url);
        }),
    },
  };
}
