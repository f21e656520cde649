import { instrument, type EnhancedStore } from '@redux-devtools/instrument';
import { legacy_createStore as createStore, type UnknownAction } from '@reduxjs/toolkit';

import { recordedJourney } from '../../../testing/actionLog/journey';
import { rootReducer, type RootState } from '../../rootReducer';

afterEach(() => jest.restoreAllMocks());

/** What the Redux DevTools extension does with an imported file (its `importState`). */
function parseAsDevToolsExtension(text: string) {
  const file = JSON.parse(text);
  return {
    nextLiftedState: JSON.parse(file.payload) as UnknownAction[],
    preloadedState: JSON.parse(file.preloadedState) as RootState,
  };
}

function withoutRegistrationFlag(state: RootState) {
  const { middlewareRegistered: _flag, ...config } = state.api.config;
  return { ...state, api: { ...state.api, config } };
}

it('imports into DevTools as it is and rebuilds the live final state', async () => {
  const { store: live } = await recordedJourney();

  const { nextLiftedState, preloadedState } = parseAsDevToolsExtension(live.actionLog.export());
  const devTools = createStore(rootReducer, instrument()) as unknown as EnhancedStore<
    RootState,
    UnknownAction,
    null
  >;
  devTools.liftedStore.dispatch({ type: 'IMPORT_STATE', nextLiftedState, preloadedState });

  const lifted = devTools.liftedStore.getState();
  expect(lifted.stagedActionIds).toHaveLength(nextLiftedState.length + 1);
  expect(lifted.computedStates.every((computed) => computed.error === undefined)).toBe(true);
  expect(withoutRegistrationFlag(devTools.getState())).toEqual(
    withoutRegistrationFlag(live.getState()),
  );
  expect(devTools.getState().auth).toMatchObject({ status: 'signedIn', hasToken: true });
});
