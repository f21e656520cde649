// Whether the server holds this session confirmed for sensitive changes (CONTRACT section 2d):
// every change that asks for a confirmation reads it, whichever feature it belongs to. Until when
// is the server's answer in the API's cache (`selectConfirmedUntil`); this slice keeps only what
// the browser decides: that a change was refused for want of a confirmation.
import { createAction, createSelector, createSlice, type UnknownAction } from '@reduxjs/toolkit';
import type { QueryCacheKey } from '@reduxjs/toolkit/query';

import { api, decodeRequestError } from '../apiSlice';
import { loggedOut, sessionEnded, tokenRejected } from '../authSlice';

export interface ConfirmationState {
  /** The server refused a change for want of a confirmation: the form says to confirm again. */
  lapsed?: true;
}

const initialState: ConfirmationState = {};

/**
 * A view outside home offers the confirmation (the operator console's): each way to confirm that
 * needs the server's or the browser's answer first (the second factor, a passkey) asks for it.
 */
export const confirmationOffered = createAction('confirmation/offered');

/** The session's confirmation has passed its end (a listener's timer). */
export const confirmationExpired = createAction('account/confirmationExpired');

/** A request refused because the session is not (or no longer) confirmed. */
function refusedForConfirmation(action: UnknownAction): boolean {
  if (!action.type.startsWith(`${api.reducerPath}/`) || !action.type.endsWith('/rejected')) {
    return false;
  }
  return decodeRequestError(action.payload).code === 'CONFIRMATION_REQUIRED';
}

export const confirmationSlice = createSlice({
  name: 'confirmation',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, () => initialState)
      .addCase(tokenRejected, () => initialState)
      .addCase(sessionEnded, () => initialState)
      .addMatcher(api.endpoints.confirm.matchFulfilled, (state) => {
        delete state.lapsed;
      })
      .addMatcher(refusedForConfirmation, (state) => {
        state.lapsed = true;
      });
  },
  selectors: {
    selectConfirmationLapsed: (state) => state.lapsed === true,
  },
});

export const { selectConfirmationLapsed } = confirmationSlice.selectors;

const selectRead = api.endpoints.confirmation.select(undefined);

/** Until when the server holds this session confirmed (Unix seconds), or null. */
export const selectConfirmedUntil = createSelector(
  [selectRead],
  (read) => read.data?.until ?? null,
);

type ApiState = ReturnType<typeof api.reducer>;
const READ_KEY = 'confirmation(undefined)' as QueryCacheKey;

const cachedUntil = (state: ApiState | undefined): number | null => {
  const data = state?.queries[READ_KEY]?.data as { until?: number | null } | undefined;
  return data?.until ?? null;
};

/** The cached read's end replaced; nothing when no answer is cached (then none is known). */
function patched(reducer: typeof api.reducer, state: ApiState, until: number | null): ApiState {
  if (state.queries[READ_KEY]?.data === undefined) return state;
  const patches = [{ op: 'replace' as const, path: ['until'], value: until }];
  return reducer(
    state,
    api.internalActions.queryResultPatched({ queryCacheKey: READ_KEY, patches }),
  );
}

/**
 * The API's part with the confirmation's end kept in its cached read by the reducer, from the
 * actions alone, so a replay (of a log recorded before the end was cached too) folds the same end:
 * a confirmation's answer writes it (the entry made if no read answered yet); it ends by its time
 * (the listener's timer) or by a change refused for want of one; and an answer asked before a
 * confirmation, arriving after it, never takes it back: the later end wins.
 */
export function withConfirmation(reducer: typeof api.reducer): typeof api.reducer {
  return ((state: ApiState | undefined, action: UnknownAction) => {
    const next = reducer(state, action);
    if (api.endpoints.confirm.matchFulfilled(action)) {
      const write = api.util.upsertQueryEntries([
        { endpointName: 'confirmation', arg: undefined, value: action.payload },
      ]);
      // The answer's own id and time, not fresh ones: the fold stays pure.
      const { requestId, fulfilledTimeStamp: timestamp } = action.meta;
      return reducer(next, { ...write, meta: { requestId, timestamp } } as UnknownAction);
    }
    if (confirmationExpired.match(action) || refusedForConfirmation(action)) {
      return patched(reducer, next, null);
    }
    if (api.endpoints.confirmation.matchFulfilled(action)) {
      const before = cachedUntil(state);
      if (before !== null && before > (cachedUntil(next) ?? 0))
        return patched(reducer, next, before);
    }
    return next;
  }) as typeof api.reducer;
}
