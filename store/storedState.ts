// What the store starts from: read once from storage at start-up, decoded, as plain data.
import { initialAuthState } from './authSlice';
import { STORAGE_KEYS } from './constants';
import type { KeyValueStorage } from './effects';
import { decodeLocale } from './locale/localeSlice';
import { storedSecondStep } from './secondStep';
import type { RootState } from './store';

function read(storage: KeyValueStorage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

/** `tab`: this tab's session storage and the time now, for a login's second step it kept. */
export function initialStateFromStorage(
  storage: KeyValueStorage,
  tab?: { storage: KeyValueStorage; nowMs: number },
): Partial<RootState> {
  const token = read(storage, STORAGE_KEYS.token);
  const secondStep = tab ? storedSecondStep(tab.storage, tab.nowMs) : null;
  return {
    auth: {
      ...initialAuthState,
      hasToken: typeof token === 'string' && token !== '',
      ...(secondStep ? { secondStep } : {}),
    },
    locale: { current: decodeLocale(read(storage, STORAGE_KEYS.locale)) },
  };
}
