// The one test that looks only at what is dispatched, in order, from a fixed state: a mock store
// (redux-mock-store) runs the real listeners and the API middleware but never reduces, so each
// listener sees the state the navigation started from. The actions are named by their creators.
import configureMockStore from 'redux-mock-store';
import { withExtraArgument } from 'redux-thunk';

import { fakeEffects } from '../../testing/app/fakeEffects';
import { json, settle, stubFetch } from '../../testing/app/fetchStub';
import { api } from '../apiSlice';
import {
  addAuthListeners,
  loggedOut,
  logoutRequested,
  tokenRejected,
  verifyFailed,
  verifyStarted,
} from '../authSlice';
import { createAppListenerMiddleware } from '../listeners';
import { addNavigationListeners } from '../navigationSlice';
import { locationChanged, navigationRequested } from '../router/routerSlice';
import { makeStore } from '../store';

afterEach(() => jest.restoreAllMocks());

function mockStore() {
  const effects = fakeEffects({ storage: { token: 't' } });
  const listener = createAppListenerMiddleware(effects);
  addNavigationListeners(listener.startListening);
  addAuthListeners(listener.startListening);
  // A bare store's first state: the mock store below never reduces, so only the start counts.
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

const LOGIN = {
  pathname: '/login',
  search: '',
  hash: '',
  key: 'nav-1',
  state: null,
};

const appTypes = (actions: Array<{ type: string }>) =>
  actions.map((a) => a.type).filter((type) => !type.startsWith('api/config/'));

it('a navigation answered 401 dispatches start, request, rejection, in order', async () => {
  stubFetch(() => json(401, { error: true, code: 'INVALID_TOKEN' }));
  const { store } = mockStore();
  store.dispatch(locationChanged({ action: 'PUSH', location: LOGIN }));
  await settle(store);
  expect(appTypes(store.getActions())).toEqual([
    locationChanged.type,
    verifyStarted.type,
    'api/executeMutation/pending',
    'api/executeMutation/rejected',
    tokenRejected.type,
  ]);
  const started = store.getActions().find(verifyStarted.match);
  expect(started?.payload).toEqual({ navigationKey: 'nav-1' });
});

it('a navigation whose verify fails dispatches verifyFailed with the reason', async () => {
  stubFetch(() => new Response('upstream down', { status: 502 }));
  const { store } = mockStore();
  store.dispatch(locationChanged({ action: 'POP', location: LOGIN }));
  await settle(store);
  const last = store.getActions().at(-1);
  expect(verifyFailed.match(last)).toBe(true);
  expect(last.payload).toMatchObject({ navigationKey: 'nav-1', reason: 'server', status: 502 });
});

it('log-out calls the server, then forgets the session and goes to /login', async () => {
  const requests = stubFetch(() => json(200, { error: false }));
  const { store, effects } = mockStore();
  store.dispatch(logoutRequested());
  await settle(store);
  expect(appTypes(store.getActions())).toEqual([
    logoutRequested.type,
    'api/executeMutation/pending',
    'api/executeMutation/fulfilled',
    loggedOut.type,
    navigationRequested.type,
  ]);
  expect(store.getActions().at(-1).payload).toEqual({ to: '/login' });
  expect(requests[0]?.headers.get('authorization')).toBe('Bearer t');
  expect(effects.data.has('token')).toBe(false);
  expect(effects.cookieWrites).toEqual([
    { op: 'remove', name: 'user', attributes: { path: '/', sameSite: 'Lax', secure: false } },
  ]);
});
