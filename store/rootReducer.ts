import { combineSlices, createAction, type Reducer, type UnknownAction } from '@reduxjs/toolkit';

import { passkeysSlice } from '../features/passkeys/passkeysSlice';
import { providersSlice } from '../features/providers/providersSlice';
import { secondFactorSlice } from '../features/second-factor/secondFactorSlice';
import { activationSlice } from '../features/signup/activationSlice';
import { apiPart } from './accountReads';
import { authSlice } from './authSlice';
import { confirmationSlice, withConfirmation } from './confirmation/confirmationSlice';
import { localeSlice } from './locale/localeSlice';
import { navigationSlice } from './navigationSlice';
import { noticeSlice } from './notice/noticeSlice';
import { routerSlice } from './router/routerSlice';
import { submissionsSlice } from './submissionsSlice';

const BASE_SLICES = [
  routerSlice,
  authSlice,
  navigationSlice,
  localeSlice,
  submissionsSlice,
  secondFactorSlice,
  confirmationSlice,
  activationSlice,
  noticeSlice,
  passkeysSlice,
  providersSlice,
  { reducerPath: apiPart.reducerPath, reducer: withConfirmation(apiPart.reducer) },
] as const;

/**
 * The parts of the state that load with their view's chunk (e.g. the operator console's), added by
 * declaration merging in the part's own files; a visitor who never opens that view has none.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface LazyLoadedSlices {}

const sliceReducer = combineSlices(...BASE_SLICES).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof sliceReducer>;

/** A part's chunk loaded: its slices join the state from this action on (also in a replay). */
export const partLoaded = createAction<{ slices: string[] }>('app/partLoaded');

interface LazySlice {
  reducerPath: string;
  reducer: Reducer;
}

/** Every lazily-loaded slice known to this page: the chunks loaded so far (all of them in a replay). */
const known = new Map<string, LazySlice>();
const reducersByParts = new Map<string, Reducer>();

function reducerWith(paths: string[]): Reducer {
  const key = paths.join(',');
  let reducer = reducersByParts.get(key);
  if (!reducer) {
    let combined = combineSlices(...BASE_SLICES);
    for (const path of paths) combined = combined.inject(known.get(path)!) as typeof combined;
    reducer = combined as Reducer;
    reducersByParts.set(key, reducer);
  }
  return reducer;
}

/**
 * The lazily-loaded slices this action folds: those the state already has and those a part's
 * `app/partLoaded` names. So a state gains a part exactly at that action, in the app, in the
 * action log's recorder and in a replay alike, whichever slices the page knows.
 */
function lazyPathsFor(state: RootState | undefined, action: UnknownAction): string[] {
  if (known.size === 0) return [];
  const named = partLoaded.match(action) ? action.payload.slices : [];
  const paths = [...known.keys()].filter(
    (path) => named.includes(path) || (state !== undefined && path in state),
  );
  return paths.sort();
}

function foldOne(state: RootState | undefined, action: UnknownAction): RootState {
  const paths = lazyPathsFor(state, action);
  if (paths.length === 0) return sliceReducer(state, action);
  return reducerWith(paths)(state, action) as RootState;
}

/**
 * The app's one pure reducer: the store, the recorder and replay all fold actions through it.
 * A reload's mark in an action log (`actionLog/pageReloaded`, see actionLog/recorder.ts) carries
 * the new page's starting state; the running store never receives it. `inject` makes a lazily
 * loaded slice known (`slice.injectInto(rootReducer)`); it joins the state at its part's
 * `app/partLoaded`.
 */
export const rootReducer = Object.assign(
  (state: RootState | undefined, action: UnknownAction): RootState => {
    if (action.type !== 'actionLog/pageReloaded') return foldOne(state, action);
    const next = (action.payload as { state?: unknown } | undefined)?.state;
    const usable = typeof next === 'object' && next !== null && !Array.isArray(next);
    return usable ? (next as RootState) : foldOne(state, action);
  },
  {
    withLazyLoadedSlices: () => rootReducer,
    inject(slice: LazySlice) {
      known.set(slice.reducerPath, slice);
      return rootReducer;
    },
    selector: sliceReducer.selector,
  },
) as unknown as typeof sliceReducer;

/** The lazily-loaded slices' names (`app/partLoaded` and state keys a replay compares). */
export const lazySlicePaths = () => [...known.keys()];
