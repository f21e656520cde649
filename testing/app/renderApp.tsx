// Renders the whole app on a real store with in-memory effects and a scripted API.
import type { StoreEnhancer, UnknownAction } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { App } from '../../src/app/App';
import { startStore } from '../../store/startStore';
import { fakeEffects } from './fakeEffects';
import { guestAnswer, json, signedInAnswer, stubFetch, type FetchHandler } from './fetchStub';

/** Answers keyed by `METHOD /path`; verify answers from the bearer token unless given. */
export type ApiScript = Record<string, FetchHandler>;

const verifyByToken: FetchHandler = (request) =>
  request.headers.get('Authorization')?.startsWith('Bearer ') ? signedInAnswer() : guestAnswer();

function recordActions(log: UnknownAction[]): StoreEnhancer {
  return (createStore) => (reducer, preloadedState) => {
    const store = createStore(reducer, preloadedState);
    const dispatch: typeof store.dispatch = (action) => {
      log.push(action);
      return store.dispatch(action);
    };
    return { ...store, dispatch };
  };
}

export function renderApp(
  options: {
    path?: string;
    storage?: Record<string, string>;
    /** The tab's session storage (what a reload of the tab finds). */
    tabStorage?: Record<string, string>;
    api?: ApiScript;
    /** Whether the browser has WebAuthn (faked: effects.passkeys); not unless said. */
    webAuthn?: boolean;
  } = {},
) {
  const script: ApiScript = { 'GET /v1/api/user/verify': verifyByToken, ...options.api };
  const requests = stubFetch((request) => {
    const handler = script[`${request.method} ${new URL(request.url).pathname}`];
    return handler ? handler(request) : json(404, { error: true, code: 'NOT_FOUND' });
  });
  const effects = fakeEffects({
    path: options.path ?? '/',
    storage: options.storage,
    tabStorage: options.tabStorage,
    webAuthn: options.webAuthn,
  });
  const actions: UnknownAction[] = [];
  const store = startStore(effects, { enhancers: [recordActions(actions)] });
  const user = userEvent.setup();
  const view = render(<App store={store} />);
  /** The JSON bodies sent to one endpoint, in order. */
  const sentTo = (method: string, path: string) =>
    Promise.all(
      requests
        .filter((r) => r.method === method && new URL(r.url).pathname === path)
        .map((r) => r.clone().json() as Promise<unknown>),
    );
  return { store, effects, requests, actions, user, sentTo, ...view };
}

/** A response the test releases when it wants, to look at the page while a request waits. */
export function deferredResponse() {
  let release!: (response: Response) => void;
  const response = new Promise<Response>((resolve) => (release = resolve));
  return { handler: () => response, release };
}
