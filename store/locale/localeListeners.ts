import { STORAGE_KEYS } from '../constants';
import type { AppStartListening } from '../listeners';

import { localeChanged } from './localeSlice';

export function addLocaleListeners(startAppListening: AppStartListening) {
  startAppListening({
    actionCreator: localeChanged,
    effect: ({ payload }, { extra }) => {
      try {
        extra.storage.setItem(STORAGE_KEYS.locale, payload);
      } catch (error) {
        // A full or blocked storage only costs the preference on the next visit.
        extra.console.error('locale-storage-error', String(error));
      }
    },
  });
}
