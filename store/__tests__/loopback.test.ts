// The store against a real HTTP server on loopback: real sockets, real headers, real bodies.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { fakeEffects } from '../../testing/app/fakeEffects';
import type { RootState } from '../rootReducer';

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

let handler: Handler;
const seen: Array<{
  method?: string;
  url?: string;
  headers: IncomingMessage['headers'];
  body: string;
}> = [];
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    seen.push({ method: req.method, url: req.url, headers: req.headers, body });
    handler(req, body, res);
  });
});

type StoreModules = {
  startStore: typeof import('../startStore').startStore;
  api: typeof import('../apiSlice').api;
  UNTRACKED: typeof import('../apiSlice').UNTRACKED;
};
let modules: StoreModules;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // The API base address is fixed when the app is built; load the store as if built for it.
  process.env.API_BASE_URL = `http://127.0.0.1:${port}`;
  jest.resetModules();
  // The fresh modules' table, handed in first as the page's entry does.
  await import('../../src/endpoints');
  modules = {
    ...(await import('../startStore')),
    ...(await import('../apiSlice')),
  };
});

afterAll(async () => {
  delete process.env.API_BASE_URL;
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => (seen.length = 0));

function boot(path = '/login', storage: Record<string, string> = { token: 'tok-123' }) {
  const effects = fakeEffects({ storage, path });
  const store = modules.startStore(effects);
  return { store, effects };
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Waits until the store's state passes `check` (its answers come over the real network), 5 s at most. */
function until(
  store: { getState(): RootState; subscribe(listener: () => void): () => void },
  check: (state: RootState) => boolean,
) {
  return new Promise<void>((resolve, reject) => {
    if (check(store.getState())) return resolve();
    const timer = setTimeout(() => {
      stop();
      reject(new Error('the store did not reach the expected state in 5 s'));
    }, 5000);
    const stop = store.subscribe(() => {
      if (!check(store.getState())) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
}

it('sends verify with the JSON content type and the bearer token, and signs in', async () => {
  handler = (_req, _body, res) =>
    send(res, 200, {
      error: false,
      user: { id: '7', name: 'Dara', email: 'dara@example.com', createdAt: '2026-01-01T00:00:00Z' },
      signature: { exp: Math.floor(Date.now() / 1000) + 600 },
    });
  const { store } = boot('/');
  await until(store, (state) => state.auth.status === 'signedIn');
  expect(store.getState().auth.user?.name).toBe('Dara');
  expect(seen[0]).toMatchObject({ method: 'GET', url: '/v1/api/user/verify' });
  expect(seen[0]?.headers['content-type']).toBe('application/json');
  expect(seen[0]?.headers.authorization).toBe('Bearer tok-123');
});

it('clears the token on a real 401 answer', async () => {
  handler = (_req, _body, res) => send(res, 401, { error: true, code: 'INVALID_TOKEN' });
  const { store, effects } = boot();
  await until(store, (state) => state.auth.status === 'guest');
  expect(effects.data.has('token')).toBe(false);
});

it('keeps the token when the connection drops in the middle of the body', async () => {
  handler = (_req, _body, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '500' });
    // The connection drops once the first part of the body has left.
    res.write('{"error":false,"user":{"id":"1"', () => res.socket?.destroy());
  };
  const { store, effects } = boot();
  await until(store, (state) => state.auth.status === 'guest');
  expect(store.getState().auth.lastFailure).not.toBeNull();
  expect(effects.data.get('token')).toBe('tok-123');
  expect(effects.errors.map(([label]) => label)).toEqual(['user-token-error']);
});

it('treats an HTML error page from a proxy as a failure, not a rejection', async () => {
  handler = (_req, _body, res) => {
    res.writeHead(502, { 'Content-Type': 'text/html' });
    res.end('<html><body>Bad gateway</body></html>');
  };
  const { store, effects } = boot();
  await until(store, (state) => state.auth.status === 'guest');
  expect(store.getState().auth.lastFailure).toBe('server');
  expect(effects.data.get('token')).toBe('tok-123');
});

it('posts the login body as JSON and stores the token it answers with', async () => {
  handler = (req, _body, res) => {
    if (req.url === '/v1/api/user/login') {
      send(res, 200, {
        error: false,
        token: 'fresh-token',
        user: { id: '1', name: 'A', email: 'a@example.com', createdAt: '' },
        signature: { exp: 2_000_000_000 },
      });
    } else send(res, 401, { error: true, code: 'INVALID_TOKEN' });
  };
  const { store, effects } = boot('/login', {});
  await until(store, (state) => state.auth.status === 'guest');
  const result = await store.dispatch(
    modules.api.endpoints.login.initiate(
      { email: 'a@example.com', password: 'correct horse' },
      modules.UNTRACKED,
    ),
  );
  expect('data' in result).toBe(true);
  const login = seen.find((request) => request.url === '/v1/api/user/login');
  expect(login?.method).toBe('POST');
  expect(login?.headers['content-type']).toBe('application/json');
  expect(JSON.parse(login?.body ?? '')).toEqual({
    email: 'a@example.com',
    password: 'correct horse',
  });
  expect(effects.data.get('token')).toBe('fresh-token');
  expect(store.getState().auth.hasToken).toBe(true);
});
