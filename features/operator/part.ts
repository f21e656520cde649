// The operator console's part of the store, loaded with the console's chunk: its slices join the
// root reducer (rootReducer.inject) and its listeners the listener middleware (addListener), so a
// visitor who never opens the console loads none of it and has no operator state.
import { addListener } from '@reduxjs/toolkit';

import type { Effects } from '../../store/effects';
import type { AppDispatch, AppStartListening } from '../../store/listeners';
import { partLoaded, type RootState } from '../../store/rootReducer';

import { addOperatorFunnelListeners } from './funnelListeners';
import { operatorFunnelSlice } from './funnelSlice';
import { addOperatorListeners } from './operatorListeners';
import { operatorSlice } from './operatorSlice';

export const OPERATOR_SLICES = [operatorSlice.reducerPath, operatorFunnelSlice.reducerPath];

const addAppListener = addListener.withTypes<RootState, AppDispatch, Effects>();
const loadedInto = new WeakSet<AppDispatch>();

/** Adds the console's listeners to this store (once) and its state, with `app/partLoaded`. */
export function loadOperatorPart(dispatch: AppDispatch) {
  if (loadedInto.has(dispatch)) return;
  loadedInto.add(dispatch);
  const startListening = ((options: Parameters<AppStartListening>[0]) =>
    dispatch(addAppListener(options as never))) as unknown as AppStartListening;
  addOperatorListeners(startListening);
  addOperatorFunnelListeners(startListening);
  dispatch(partLoaded({ slices: OPERATOR_SLICES }));
}
