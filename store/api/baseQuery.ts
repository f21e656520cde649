import { fetchBaseQuery } from '@reduxjs/toolkit/query';
import * as v from 'valibot';

import { RefusalAsRead } from '../../contract/schemas';

import { API_BASE_URL, HTTP_TIMEOUT_MS, INTL_LOCALE, STORAGE_KEYS } from '../constants';
import type { Effects } from '../effects';
import type { LocaleState } from '../locale/localeSlice';

/** Reads the stored token at request time; a storage that throws means no token. */
export function readToken(storage: Effects['storage']): string | null {
  try {
    return storage.getItem(STORAGE_KEYS.token) || null;
  } catch {
    return null;
  }
}

// Same origin by default; absolute so that any fetch implementation accepts the address.
const baseUrl = API_BASE_URL || (typeof location === 'undefined' ? '' : location.origin);

const fetchQuery = fetchBaseQuery({
  baseUrl,
  timeout: HTTP_TIMEOUT_MS,
  // Late-bound so a test can swap the global fetch after this module loads.
  fetchFn: (input, init) => fetch(input, init),
  prepareHeaders(headers, { extra, getState }) {
    headers.set('Content-Type', 'application/json');
    const effects = extra as Effects | undefined;
    const token = effects ? readToken(effects.storage) : null;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const locale = (getState() as { locale?: LocaleState }).locale?.current;
    if (locale) headers.set('Accept-Language', INTL_LOCALE[locale]);
    return headers;
  },
});

/**
 * Every answer whose body says `error: true` is an error, whatever its status (a 2xx refusal
 * too), and a refusal's Retry-After joins its body (as `retryAfterSeconds`), so the serializable
 * error in the store still says when to try again. Success answers are then checked against the
 * endpoint's `responseSchema` (apiSlice.ts).
 */
export const baseQuery: typeof fetchQuery = async (args, api, extraOptions) => {
  const answered = await fetchQuery(args, api, extraOptions);
  const status = answered.meta?.response?.status;
  const refusedWithSuccess =
    answered.data !== undefined && v.is(RefusalAsRead, answered.data) && status !== undefined;
  const result = refusedWithSuccess
    ? { error: { status, data: answered.data }, meta: answered.meta }
    : answered;
  const retryAfter = Number(result.meta?.response?.headers.get('retry-after') ?? Number.NaN);
  const { error } = result;
  if (!error || !Number.isFinite(retryAfter) || typeof error.data !== 'object' || !error.data) {
    return result;
  }
  return { ...result, error: { ...error, data: { ...error.data, retryAfterSeconds: retryAfter } } };
};
