import {
  createListenerMiddleware,
  type ThunkDispatch,
  type TypedStartListening,
  type UnknownAction,
} from '@reduxjs/toolkit';

import type { RequestContext } from './apiSlice';
import type { Effects } from './effects';
import type { RootState } from './rootReducer';

/** Declared from its parts (not from the store) so listeners and the store can refer to it. */
export type AppDispatch = ThunkDispatch<RootState, RequestContext | undefined, UnknownAction>;
export type AppStartListening = TypedStartListening<RootState, AppDispatch, Effects>;

export function createAppListenerMiddleware(effects: Effects) {
  return createListenerMiddleware<RootState, AppDispatch, Effects>({ extra: effects });
}
