import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

import { DEFAULT_LOCALE, INTL_LOCALE, LOCALES, type Locale } from '../constants';

export interface LocaleState {
  current: Locale;
}

/** Decodes a stored `localeRef`: anything but a known pack name means the default. */
export function decodeLocale(value: unknown): Locale {
  return LOCALES.find((locale) => locale === value) ?? DEFAULT_LOCALE;
}

const initialState: LocaleState = { current: DEFAULT_LOCALE };

export const localeSlice = createSlice({
  name: 'locale',
  initialState,
  reducers: {
    changed(state, action: PayloadAction<Locale>) {
      state.current = decodeLocale(action.payload);
    },
  },
  selectors: {
    selectLocale: (state) => state.current,
    selectIntlLocale: (state) => INTL_LOCALE[state.current],
  },
});

export const localeChanged = localeSlice.actions.changed;
export const { selectLocale, selectIntlLocale } = localeSlice.selectors;
