// The store's connection to the official remote Redux DevTools (`npm run devtools`), for a browser
// without the extension. A thin connector of our own over the DevTools socket protocol, instead of
// `@redux-devtools/remote`, which never receives the UI's jumps (they go to the `sc-<socket id>`
// channel it does not subscribe to: reduxjs/redux-devtools#1340) and passes an imported file to
// IMPORT_STATE raw, where `importState` must unpack it. Time travel runs through
// `@redux-devtools/instrument`, as with the extension, and everything sent goes through the
// extension's sanitizers.
import { instrument, type EnhancedStore, type LiftedAction } from '@redux-devtools/instrument';
import { filterState, importState, type State } from '@redux-devtools/utils';
import type {
  Action,
  DevToolsEnhancerOptions,
  StoreEnhancer,
  UnknownAction,
} from '@reduxjs/toolkit';
import { create, type AGClientSocket } from 'socketcluster-client';

type Sanitizers = Pick<
  DevToolsEnhancerOptions,
  'name' | 'maxAge' | 'actionSanitizer' | 'stateSanitizer'
>;
type InstrumentedStore = EnhancedStore<unknown, UnknownAction, null>;

/** What the UI may do to the app: move through its history, never dispatch new actions. */
const TIME_TRAVEL = new Set([
  'JUMP_TO_STATE',
  'JUMP_TO_ACTION',
  'TOGGLE_ACTION',
  'SET_ACTIONS_ACTIVE',
  'REORDER_ACTION',
  'RESET',
  'ROLLBACK',
  'COMMIT',
  'SWEEP',
  'LOCK_CHANGES',
  'PAUSE_RECORDING',
]);

const FEATURES = {
  lock: true,
  export: true,
  import: 'custom',
  persist: false,
  pause: true,
  reorder: true,
  jump: true,
  skip: true,
  dispatch: false,
  sync: false,
  test: false,
};

interface Message {
  type: string;
  action?: { type: string };
  state?: string;
}

/** `hostname:port` of the DevTools server, e.g. `localhost:8000`. */
export function parseAddress(address: string): { hostname: string; port: number } {
  const match = /^\[?([^\]]*?)\]?:(\d+)$/.exec(address.trim());
  if (!match) throw new Error(`REMOTE_DEVTOOLS must be host:port, not "${address}".`);
  return { hostname: match[1] || 'localhost', port: Number(match[2]) };
}

function connect(store: InstrumentedStore, address: string, options: Sanitizers) {
  const maxAge = options.maxAge ?? 50;
  const stateSanitizer = options.stateSanitizer as (state: unknown, id: number) => unknown;
  const actionSanitizer = options.actionSanitizer as (action: Action, id: number) => Action;
  const socket: AGClientSocket = create({ ...parseAddress(address), autoReconnect: true });
  const instanceId = `${options.name ?? 'app'}-${Math.random().toString(36).slice(2, 8)}`;
  let monitored = false;
  let lastLiftedAction = '';
  let relayedUpTo = 0;

  const relay = (message: Record<string, unknown>) => {
    void socket.transmit('log', {
      id: socket.id,
      instanceId,
      name: options.name,
      libConfig: { name: options.name, features: FEATURES },
      ...message,
    });
  };
  const relayState = () => {
    const lifted = store.liftedStore.getState() as unknown as State;
    const payload = filterState(lifted, 'STATE', undefined, stateSanitizer, actionSanitizer, 0);
    relay({ type: 'STATE', payload: JSON.stringify(payload) });
    relayedUpTo = store.liftedStore.getState().nextActionId;
  };

  const handle = (message: Message) => {
    if (message.type === 'START' || message.type === 'UPDATE') {
      monitored = true;
      relayState();
    } else if (message.type === 'STOP' || message.type === 'DISCONNECTED') {
      monitored = false;
    } else if (
      message.type === 'DISPATCH' &&
      message.action &&
      TIME_TRAVEL.has(message.action.type)
    ) {
      store.liftedStore.dispatch(message.action as LiftedAction<unknown, UnknownAction, null>);
    } else if (message.type === 'IMPORT' && message.state) {
      const imported = importState(message.state, {});
      if (!imported) return;
      store.liftedStore.dispatch({
        type: 'IMPORT_STATE',
        nextLiftedState: imported.nextLiftedState,
        preloadedState: imported.preloadedState,
      } as unknown as LiftedAction<unknown, UnknownAction, null>);
    }
  };

  const listen = async (channelName: string) => {
    for await (const data of socket.subscribe(channelName)) handle(data as Message);
  };
  // The client keeps its subscriptions across reconnects, but each connection has a new socket
  // id, hence a new channel for messages meant for this app alone.
  let sharedChannel: string | undefined;
  let ownChannel: string | undefined;
  void (async () => {
    for await (const _event of socket.listener('connect')) {
      const channel = (await socket.invoke('login', 'master')) as string;
      if (channel !== sharedChannel) void listen((sharedChannel = channel));
      if (ownChannel) {
        void socket.unsubscribe(ownChannel);
        socket.closeChannel(ownChannel);
      }
      void listen((ownChannel = `sc-${socket.id}`));
      relay({ type: 'START' });
    }
  })();

  const { dispatch } = store.liftedStore;
  store.liftedStore.dispatch = (action) => {
    lastLiftedAction = action.type;
    return dispatch(action);
  };
  store.liftedStore.subscribe(() => {
    if (!monitored || socket.state !== socket.OPEN) return;
    // The UI moved its own cursor already; sending the whole history back would only cost time.
    if (lastLiftedAction === 'JUMP_TO_STATE' || lastLiftedAction === 'JUMP_TO_ACTION') return;
    const { nextActionId, actionsById, stagedActionIds } = store.liftedStore.getState();
    const performed = actionsById[nextActionId - 1];
    // One new action is sent alone; anything else (a jump, an import, a new reducer) as a whole.
    if (lastLiftedAction !== 'PERFORM_ACTION' || nextActionId !== relayedUpTo + 1 || !performed) {
      relayState();
      return;
    }
    relayedUpTo = nextActionId;
    relay({
      type: 'ACTION',
      payload: JSON.stringify(stateSanitizer(store.getState(), nextActionId - 1)),
      action: JSON.stringify({
        ...performed,
        action: actionSanitizer(performed.action, nextActionId - 1),
      }),
      nextActionId,
      maxAge,
      isExcess: stagedActionIds.length >= maxAge,
    });
  });
}

/**
 * A store enhancer that records the store for time travel and serves it to the remote UI.
 * @public loaded with require() by storeDevTools.ts, only in development builds
 */
export function remoteDevTools(address: string, options: Sanitizers): StoreEnhancer {
  return (createStore) => (reducer, preloadedState) => {
    const store = instrument(undefined, { maxAge: options.maxAge })(createStore)(
      reducer,
      preloadedState,
    ) as unknown as InstrumentedStore;
    connect(store, address, options);
    return store as never;
  };
}
