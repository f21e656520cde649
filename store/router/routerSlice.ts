import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';

import type { AppLocation, HistoryAction } from './location';

export interface RouterState {
  location: AppLocation | null;
  action: HistoryAction;
}

const initialState: RouterState = { location: null, action: 'POP' };

/** A view or listener asks to go somewhere; a listener performs it on the history. */
export const navigationRequested = createAction<{ to: string; replace?: boolean }>(
  'router/navigationRequested',
);

export const routerSlice = createSlice({
  name: 'router',
  initialState,
  reducers: {
    locationChanged(
      state,
      action: PayloadAction<{ location: AppLocation; action: HistoryAction }>,
    ) {
      state.location = action.payload.location;
      state.action = action.payload.action;
    },
  },
  selectors: {
    selectLocation: (state) => state.location,
    selectPathname: (state) => state.location?.pathname ?? null,
    selectSearch: (state) => state.location?.search ?? '',
  },
});

export const { locationChanged } = routerSlice.actions;
export const { selectLocation, selectPathname, selectSearch } = routerSlice.selectors;
