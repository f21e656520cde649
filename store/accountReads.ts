import { isAnyOf } from '@reduxjs/toolkit';
import type { QueryCacheKey } from '@reduxjs/toolkit/query';

import { api } from './apiSlice';
import { loggedOut, sessionEnded, tokenRejected } from './authSlice';

const sessionOver = isAnyOf(loggedOut, sessionEnded, tokenRejected);

/**
 * The API's part: the account's reads are dropped when the session ends, so a second user on the
 * same tab never sees the first's answers (one still under way finds no entry to write).
 */
export const apiPart = {
  reducerPath: api.reducerPath,
  reducer: ((state, action) => {
    if (!state || !sessionOver(action)) return api.reducer(state, action);
    const dropped = Object.keys(state.queries).reduce(
      (kept, queryCacheKey) =>
        api.reducer(
          kept,
          api.internalActions.removeQueryResult({ queryCacheKey: queryCacheKey as QueryCacheKey }),
        ),
      state,
    );
    return api.reducer(dropped, action);
  }) as typeof api.reducer,
};
