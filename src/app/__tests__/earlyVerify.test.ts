// The first navigation's verify call, sent before the store starts, answers the store's own
// verify request only when that request is the very same one; otherwise the store's goes out.
import { decodeLog } from '../../../contract/action-log';
import { startStore as startRunningStore } from '../../../store/startStore';
import { fakeEffects } from '../../../testing/app/fakeEffects';
import {
  guestAnswer,
  settle,
  signedInAnswer,
  type FetchHandler,
} from '../../../testing/app/fetchStub';
import { sendVerifyEarly, verifyRequest } from '../earlyVerify';

const ORIGIN = 'http://localhost';
/** The tab's log id: the early call and the store send the same one. */
const LOG_ID = 'log-of-this-tab';

afterEach(() => jest.restoreAllMocks());

function startStore(storage: Record<string, string>, path = '/login') {
  return startRunningStore(fakeEffects({ storage, path }), { logId: LOG_ID });
}

/**
 * A window whose fetch answers with `handler` and records what reaches it; the store's global
 * fetch goes through the window's, as in the browser.
 */
function fetchingWindow(handler: FetchHandler) {
  const seen: Request[] = [];
  const window = {
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request && !init ? input : new Request(input, init);
      seen.push(request);
      return handler(request);
    }) as typeof fetch,
    location: { origin: ORIGIN },
  };
  jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => window.fetch(input, init));
  return { window, seen };
}

it('answers the store with the early call: one verify on the wire, for a guest', async () => {
  const { window, seen } = fetchingWindow(guestAnswer);
  sendVerifyEarly(window, verifyRequest(ORIGIN, null, 'en', LOG_ID));
  const store = startStore({});
  await settle(store);
  // Beside it, the login view asks only which sign-in providers there are.
  const verifies = seen.filter((request) => request.url.endsWith('/verify'));
  expect(verifies).toHaveLength(1);
  expect(store.getState().auth.status).toBe('guest');
  expect(store.getState().navigation.settled?.route).toBe('login');
  // The log records the id of the request the server answered: the early one.
  const sentId = seen[0]!.headers.get('X-Request-Id');
  expect(sentId).toMatch(/\S{32}/);
  expect(seen[0]!.headers.get('X-Log-Id')).toBe(LOG_ID);
  const recorded = decodeLog(store.actionLog.export()).actions.map((action) => action.meta);
  expect(recorded).toContainEqual(
    expect.objectContaining({ baseQueryMeta: { requestId: sentId } }),
  );
});

it('builds the very request the store sends, with a token and in Khmer', async () => {
  const { window, seen } = fetchingWindow(() => signedInAnswer());
  sendVerifyEarly(window, verifyRequest(ORIGIN, 't1', 'kh', LOG_ID));
  const store = startStore({ token: 't1', localeRef: 'kh' }, '/');
  await settle(store);
  const verifies = seen.filter((request) => request.url.endsWith('/v1/api/user/verify'));
  expect(verifies).toHaveLength(1);
  expect(verifies[0]!.headers.get('Authorization')).toBe('Bearer t1');
  expect(store.getState().auth.status).toBe('signedIn');
});

it('lets a different request (another token) go out, and the early answer is dropped', async () => {
  const { window, seen } = fetchingWindow((request) =>
    request.headers.get('Authorization') === 'Bearer new' ? signedInAnswer() : guestAnswer(),
  );
  sendVerifyEarly(window, verifyRequest(ORIGIN, 'old', 'en', LOG_ID));
  const store = startStore({ token: 'new' }, '/');
  await settle(store);
  const verifies = seen.filter((request) => request.url.endsWith('/v1/api/user/verify'));
  expect(verifies.map((request) => request.headers.get('Authorization'))).toEqual([
    'Bearer old',
    'Bearer new',
  ]);
  expect(store.getState().auth.status).toBe('signedIn');
});

it('gives the fetch back after the first verify request', async () => {
  const { window } = fetchingWindow(guestAnswer);
  const own = window.fetch;
  sendVerifyEarly(window, verifyRequest(ORIGIN, null, 'en', LOG_ID));
  expect(window.fetch).not.toBe(own);
  await window.fetch(verifyRequest(ORIGIN, null, 'en', LOG_ID));
  expect(window.fetch).toBe(own);
});

it('sends the request again when the early call failed', async () => {
  let calls = 0;
  const { window } = fetchingWindow(() => {
    calls += 1;
    if (calls === 1) throw new TypeError('Failed to fetch');
    return guestAnswer();
  });
  sendVerifyEarly(window, verifyRequest(ORIGIN, null, 'en', LOG_ID));
  const answer = await window.fetch(verifyRequest(ORIGIN, null, 'en', LOG_ID));
  expect(answer.status).toBe(401);
  expect(calls).toBe(2);
});

it('rejects when the request is aborted before the early answer is here', async () => {
  const { window } = fetchingWindow(() => new Promise<Response>(() => {}));
  sendVerifyEarly(window, verifyRequest(ORIGIN, null, 'en', LOG_ID));
  const controller = new AbortController();
  const request = new Request(verifyRequest(ORIGIN, null, 'en', LOG_ID), {
    signal: controller.signal,
  });
  const answer = window.fetch(request);
  controller.abort();
  await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
});
