// What the store starts from: read once from storage at start-up, decoded, as plain data.
import { initialAuthState } from './auth/authSlice';
import { STORAGE_KEYS } from './constants';
import type { KeyValueStorage } from './effects';
import { decodeLocale } from './locale/localeSlice';
import type { RootState } from './store';

function read(storage: KeyValueStorage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

export function initialStateFromStorage(storage: KeyValueStorage): Partial<RootState> {
  const token = read(storage, STORAGE_KEYS.token);
  return {
    auth: { ...initialAuthState, hasToken: typeof token === 'string' && token !== '' },
    locale: { current: decodeLocale(read(storage, STORAGE_KEYS.locale)) },
  };
}
