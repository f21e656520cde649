// The app's API calls are the contract's endpoint table: each sends its endpoint's method, path
// and body, and checks its success answer against the endpoint's schema.
import { endpoints, type EndpointName } from '../../contract/endpoints';
import { fakeEffects } from '../../testing/app/fakeEffects';
import { json, stubFetch } from '../../testing/app/fetchStub';
import { api, decodeRequestError, UNTRACKED } from '../apiSlice';
import { makeStore } from '../store';
import { initialStateFromStorage } from '../storedState';

afterEach(() => jest.restoreAllMocks());

const called = Object.keys(api.endpoints).filter((name) => name !== 'verify') as EndpointName[];

/** An argument for the endpoint's trigger: a body, or a path parameter that needs escaping. */
function argumentOf(name: EndpointName): unknown {
  const spec = endpoints[name];
  if ('params' in spec) return { id: 'a b/c' };
  if ('body' in spec) return { email: 'dara@example.com', password: 'correct horse' };
  return undefined;
}

async function send(name: EndpointName, answer: () => Response) {
  const seen = stubFetch(() => answer());
  const effects = fakeEffects();
  // Running (listeners, API middleware) but without the history bridge: no navigation, so the
  // endpoint's own request is the only one sent.
  const store = makeStore(initialStateFromStorage(effects.storage), effects);
  const arg = argumentOf(name);
  const endpoint = api.endpoints[name as 'login'];
  const result = await store.dispatch(endpoint.initiate(arg as never, UNTRACKED));
  return { request: seen[0], arg, result };
}

it('has a call for every endpoint of the table but those the app does not call here', () => {
  const elsewhere = Object.keys(endpoints).filter((name) => !(name in api.endpoints));
  expect(elsewhere.sort()).toEqual([
    'actionLogs',
    'health',
    'live',
    'oidcCallback',
    'outbox',
    'ready',
  ]);
});

it.each(called)('%s sends its method, path and body from the table', async (name) => {
  const { request, arg } = await send(name, () => json(200, { error: false }));
  const spec = endpoints[name];
  expect(request?.method).toBe(spec.method);
  const path = spec.path.replace(':id', encodeURIComponent('a b/c'));
  expect(new URL(request?.url ?? '').pathname).toBe(path);
  const body = request ? await request.text() : '';
  expect(body === '' ? undefined : JSON.parse(body)).toEqual('body' in spec ? arg : undefined);
});

it.each(called)('%s takes a success its schema refuses as unexpected', async (name) => {
  const { result } = await send(name, () => json(200, [1, 2, 3]));
  expect('error' in result && decodeRequestError(result.error)).toEqual({ code: 'UNEXPECTED' });
});
