// Every API request names the page's action log (X-Log-Id) and itself (X-Request-Id), and the log
// records each request's id with its answer, so the server's records join an uploaded log.
import { decodeLog } from '../../contract/action-log';
import { fakeEffects } from '../../testing/app/fakeEffects';
import { json, settle, stubFetch, USER } from '../../testing/app/fetchStub';
import { api, UNTRACKED } from '../apiSlice';
import { newId, PAGE_LOG_ID } from '../constants';
import { startStore } from '../startStore';

afterEach(() => jest.restoreAllMocks());

const LOG_ID = '0f8e2a4c-1d3b-4c5a-9e7f-6b5a4c3d2e1f';

it('sends the tab log id and a fresh request id, and records the id with the answer', async () => {
  const seen = stubFetch((request) =>
    request.url.endsWith('/login')
      ? json(200, { error: false, token: 't', user: USER, signature: { exp: 1900000000 } })
      : json(401, { error: true, code: 'INVALID_TOKEN', message: 'Invalid token' }),
  );
  const store = startStore(fakeEffects({ path: '/login' }), { logId: LOG_ID });
  await settle(store);
  await store.dispatch(
    api.endpoints.login.initiate({ email: 'a@example.com', password: 'secret-pw' }, UNTRACKED),
  );
  await settle(store);

  expect(seen.length).toBeGreaterThanOrEqual(2);
  expect(seen.map((request) => request.headers.get('X-Log-Id'))).toEqual(seen.map(() => LOG_ID));
  const ids = seen.map((request) => request.headers.get('X-Request-Id'));
  expect(new Set(ids).size).toBe(seen.length);
  for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{32,36}$/);

  // The answers in the log, in order, name the ids their requests carried; nothing else of the
  // Request or Response is kept (the log stays plain, serializable data).
  const answers = decodeLog(store.actionLog.export()).actions.filter((action) =>
    /^api\/executeMutation\/(fulfilled|rejected)$/.test(action.type),
  );
  expect(
    answers.map((action) => (action.meta as { baseQueryMeta: unknown }).baseQueryMeta),
  ).toEqual(ids.map((requestId) => ({ requestId })));
  // The file names the log id, shared (masked) or not.
  expect(decodeLog(store.actionLog.export()).logId).toBe(LOG_ID);
  expect(decodeLog(store.actionLog.exportShared()).logId).toBe(LOG_ID);
});

it("names the page's log when no id is given, and makes ids without crypto.randomUUID", async () => {
  const seen = stubFetch(() => json(401, { error: true, code: 'INVALID_TOKEN', message: 'x' }));
  const store = startStore(fakeEffects());
  await settle(store);
  expect(store.actionLog.logId).toBe(PAGE_LOG_ID);
  expect(PAGE_LOG_ID).toMatch(/^[0-9a-f-]{36}$/);
  expect(seen[0]!.headers.get('X-Log-Id')).toBe(store.actionLog.logId);
  // An insecure context has getRandomValues but no randomUUID.
  const own = Object.getOwnPropertyDescriptor(globalThis.crypto, 'randomUUID');
  Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
  try {
    const [a, b] = [newId(), newId()];
    expect(a).toMatch(/^\d+(-\d+){3}$/);
    expect(a).not.toBe(b);
  } finally {
    if (own) Object.defineProperty(globalThis.crypto, 'randomUUID', own);
    else delete (globalThis.crypto as { randomUUID?: unknown }).randomUUID;
  }
  expect(newId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4/);
});
