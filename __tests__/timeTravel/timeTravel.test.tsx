// Redux DevTools time travel on the real app: `@redux-devtools/instrument` is the engine behind
// the extension, and its lifted actions are exactly what the extension sends.
import { ActionCreators, instrument, type EnhancedStore } from '@redux-devtools/instrument';
import type { UnknownAction } from '@reduxjs/toolkit';
import { act, render } from '@testing-library/react';

import { App } from '../../src/app/App';
import { viewOnlyStore } from '../../src/replay/viewOnlyStore';
import type { RootState } from '../../store/rootReducer';
import { createAppHistory } from '../../store/router/browserHistory';
import { toHref } from '../../store/router/location';
import { selectViewDecision } from '../../store/screenSelectors';
import { startStore } from '../../store/startStore';
import { type AppStore } from '../../store/store';
import { journeyServer, runJourney } from '../../testing/actionLog/journey';
import { fakeEffects } from '../../testing/app/fakeEffects';
import { quiet, settle, stubFetch } from '../../testing/app/fetchStub';

type DevToolsStore = AppStore & EnhancedStore<RootState, UnknownAction, null>;

afterEach(() => jest.restoreAllMocks());

/** The DOM as text, up to what differs between two mounts: React's ids, attribute order. */
function normalized(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html.replace(/«r[0-9a-z]+»|:r[0-9a-z]+:|_r_[0-9a-z]+_/g, 'ID');
  for (const element of template.content.querySelectorAll('*')) {
    const attributes = [...element.attributes].map(({ name, value }) => [name, value] as const);
    for (const [name] of attributes) element.removeAttribute(name);
    for (const [name, value] of attributes.sort()) element.setAttribute(name, value);
  }
  return template.innerHTML;
}

/** The app as it renders `state` from scratch: what a jump to that state must show. */
function freshView(state: RootState): string {
  const { container, unmount } = render(<App store={viewOnlyStore(state)} />);
  const html = normalized(container.innerHTML);
  unmount();
  return html;
}

const currentHref = () =>
  `${window.location.pathname}${window.location.search}${window.location.hash}`;

async function recordSession() {
  window.history.replaceState(null, '', '/signup');
  const requests = stubFetch(journeyServer());
  const effects = { ...fakeEffects(), history: createAppHistory(window) };
  const store = startStore(effects, {
    enhancers: [instrument(undefined, { maxAge: 1000 })],
  }) as DevToolsStore;
  const { container } = render(<App store={store} />);
  await runJourney(store, (step) =>
    act(async () => {
      step();
      await settle(store);
    }),
  );
  return { store, effects, requests, container };
}

it('shows every past state, with its URL, and touches nothing outside the page', async () => {
  const { store, effects, requests, container } = await recordSession();
  // The last answers (the session's time code, then the session list) may still be on their way,
  // or in the store but not yet on screen: the present is taken once both have settled.
  await act(() => settle(store));
  const present = store.getState();
  expect(selectViewDecision(present)).toEqual({ kind: 'route', route: 'home' });
  const presentView = normalized(container.innerHTML);
  const presentHref = currentHref();
  const historyLength = window.history.length;
  const fetches = requests.length;
  const writes = [effects.storageWrites.length, effects.cookieWrites.length];
  const { nextActionId, computedStates } = store.liftedStore.getState();
  const recorded = store.actionLog.size();
  const storageWrite = jest.spyOn(Storage.prototype, 'setItem');
  const storageRemove = jest.spyOn(Storage.prototype, 'removeItem');
  const cookieWrite = jest.spyOn(Document.prototype, 'cookie', 'set');
  const routesSeen = new Set<string>();

  for (let index = 0; index < computedStates.length; index += 1) {
    act(() => void store.liftedStore.dispatch(ActionCreators.jumpToState(index)));
    await act(() => quiet(store));
    const state = computedStates[index]!.state;
    expect(store.getState()).toBe(state);
    expect(normalized(container.innerHTML)).toBe(freshView(state));
    expect(currentHref()).toBe(toHref(state.router.location!));
    expect(window.history.length).toBe(historyLength);
    expect(requests).toHaveLength(fetches);
    expect([effects.storageWrites.length, effects.cookieWrites.length]).toEqual(writes);
    expect(store.liftedStore.getState().nextActionId).toBe(nextActionId);
    expect(store.actionLog.size()).toBe(recorded);
    const decision = selectViewDecision(state);
    routesSeen.add(decision.kind === 'route' ? decision.route : decision.kind);
    expect(container.querySelector('main [data-view], main [data-loading]')).not.toBeNull();
  }
  expect(currentHref()).toBe('/');
  // `redirecting`: logged out on `/`, a guest until the way to /login is checked.
  expect(routesSeen).toEqual(
    new Set(['pending', 'redirecting', 'signup', 'activation', 'home', 'login']),
  );
  expect(computedStates[0]!.state.router.location?.pathname).toBe('/signup');

  act(() => void store.liftedStore.dispatch(ActionCreators.jumpToState(computedStates.length - 1)));
  expect(store.getState()).toBe(present);
  expect(normalized(container.innerHTML)).toBe(presentView);
  expect(currentHref()).toBe(presentHref);
  expect(storageWrite).not.toHaveBeenCalled();
  expect(storageRemove).not.toHaveBeenCalled();
  expect(cookieWrite).not.toHaveBeenCalled();
});

it('follows JUMP_TO_ACTION, TOGGLE_ACTION and IMPORT_STATE the same way', async () => {
  const { store, requests, container } = await recordSession();
  const lifted = () => store.liftedStore.getState();
  const { actionsById, stagedActionIds, nextActionId } = lifted();
  const historyLength = window.history.length;
  const fetches = requests.length;

  const toActivation = stagedActionIds.find(
    (id) =>
      actionsById[id]!.action.type === 'router/locationChanged' &&
      JSON.stringify(actionsById[id]!.action).includes('verify-account'),
  )!;
  act(() => void store.liftedStore.dispatch(ActionCreators.jumpToAction(toActivation)));
  expect(window.location.pathname).toBe('/user/verify-account');
  expect(normalized(container.innerHTML)).toBe(freshView(store.getState()));

  act(
    () => void store.liftedStore.dispatch(ActionCreators.jumpToState(stagedActionIds.length - 1)),
  );
  const lastNavigation = stagedActionIds
    .filter((id) => actionsById[id]!.action.type === 'router/locationChanged')
    .at(-1)!;
  act(() => void store.liftedStore.dispatch(ActionCreators.toggleAction(lastNavigation)));
  expect(window.location.pathname).toBe('/login');
  expect(normalized(container.innerHTML)).toBe(freshView(store.getState()));
  act(() => void store.liftedStore.dispatch(ActionCreators.toggleAction(lastNavigation)));
  expect(window.location.pathname).toBe('/');

  const file = JSON.parse(store.actionLog.export());
  act(
    () =>
      void store.liftedStore.dispatch({
        type: 'IMPORT_STATE',
        nextLiftedState: JSON.parse(file.payload),
        preloadedState: JSON.parse(file.preloadedState),
      }),
  );
  expect(store.getState().auth).toMatchObject({ status: 'signedIn', hasToken: true });
  expect(window.location.pathname).toBe('/');
  act(() => void store.liftedStore.dispatch(ActionCreators.jumpToState(0)));
  expect(window.location.pathname).toBe('/signup');
  expect(normalized(container.innerHTML)).toBe(freshView(store.getState()));
  await act(() => settle(store));

  expect(window.history.length).toBe(historyLength);
  expect(requests).toHaveLength(fetches);
  expect(lifted().nextActionId).toBe(JSON.parse(file.payload).length + 1);
  expect(nextActionId).toBe(stagedActionIds.length);
});
