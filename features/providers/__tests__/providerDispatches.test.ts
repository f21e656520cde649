// What the provider listeners dispatch, in order, from a fixed state: a mock store
// (redux-mock-store) runs the real listeners and the API middleware but never reduces.
import configureMockStore from 'redux-mock-store';
import { withExtraArgument } from 'redux-thunk';

import { api } from '../../../store/apiSlice';
import { TAB_STORAGE_KEYS } from '../../../store/constants';
import { createAppListenerMiddleware } from '../../../store/listeners';
import { locationChanged, navigationRequested } from '../../../store/router/routerSlice';
import { makeStore } from '../../../store/store';
import { fakeEffects } from '../../../testing/app/fakeEffects';
import { json, settle, stubFetch } from '../../../testing/app/fetchStub';
import { addProviderListeners } from '../providerListeners';
import {
  providerPageShownAgain,
  providerReturned,
  providerStartRequested,
} from '../providersSlice';

afterEach(() => jest.restoreAllMocks());

function mockStore(tabStorage: Record<string, string> = {}) {
  const effects = fakeEffects({ path: '/login', tabStorage });
  const listener = createAppListenerMiddleware(effects);
  addProviderListeners(listener.startListening);
  const state = makeStore().getState();
  // The library is deprecated as a way to test reducers; here only the dispatched actions count.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  const create = configureMockStore([
    listener.middleware,
    withExtraArgument(effects),
    api.middleware,
  ] as never);
  return { store: create(state), effects };
}

const LOGIN = { pathname: '/login', search: '', hash: '', key: 'nav-1', state: null };

/** The app's actions, a request's named by its phase (RTK Query's own bookkeeping left out). */
const types = (actions: Array<{ type: string }>) =>
  actions
    .map(({ type }) => type.replace(/^api\/executeMutation\//, 'api:'))
    .filter((type) => !type.startsWith('api/'));

it('a return: said first, then finished with the server, with nothing else dispatched', async () => {
  stubFetch(() => json(409, { error: true, code: 'ACCOUNT_EXISTS', message: 'exists' }));
  const { store, effects } = mockStore({
    [TAB_STORAGE_KEYS.providerReturn]: JSON.stringify({ handoff: 'h-9' }),
    [TAB_STORAGE_KEYS.providerFlow]: JSON.stringify({ provider: 'work', intent: 'login' }),
  });
  store.dispatch(locationChanged({ action: 'POP', location: LOGIN }));
  await settle(store);
  const actions = store.getActions() as Array<{ type: string; payload?: unknown }>;
  expect(types(actions)).toEqual([
    locationChanged.type,
    providerReturned.type,
    'api:pending',
    'api:rejected',
  ]);
  expect(actions.find((action) => providerReturned.match(action))?.payload).toEqual({
    provider: 'work',
    intent: 'login',
    outcome: 'handoff',
  });
  expect(actions.some((action) => navigationRequested.match(action))).toBe(false);
  expect(effects.tabData.size).toBe(0);
});

it('leaving: the address asked for, the page left, and back only when the page shows again', async () => {
  stubFetch(() => json(200, { error: false, authorizationUrl: 'https://id.example/a' }));
  const { store, effects } = mockStore();
  store.dispatch(providerStartRequested({ provider: 'work', intent: 'login' }));
  await settle(store);
  expect(effects.left).toEqual(['https://id.example/a']);
  expect(types(store.getActions() as Array<{ type: string }>)).toEqual([
    providerStartRequested.type,
    'api:pending',
    'api:fulfilled',
  ]);
  effects.showAgain();
  await settle(store);
  expect(types(store.getActions() as Array<{ type: string }>).at(-1)).toBe(
    providerPageShownAgain.type,
  );
});
