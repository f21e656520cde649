// A programmable stand-in for `fetch` in app unit tests (the real network is exercised in the
// loopback and browser suites).
export type FetchHandler = (request: Request) => Response | Promise<Response>;

export function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export const USER = {
  id: 'u1',
  name: 'Sokha Chan',
  email: 'sokha@example.com',
  createdAt: '2026-01-01T00:00:00.000Z',
};

export function signedInAnswer(exp: unknown = Math.floor(Date.now() / 1000) + 3600) {
  return json(200, { error: false, user: USER, signature: { exp } });
}

export const guestAnswer = () =>
  json(401, { error: true, code: 'INVALID_TOKEN', message: 'Invalid token' });

/** Replaces global fetch; returns the requests seen. Restore with jest.restoreAllMocks(). */
export function stubFetch(handler: FetchHandler): Request[] {
  const seen: Request[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request && !init ? input : new Request(input, init);
    seen.push(request);
    return handler(request);
  });
  return seen;
}

interface WatchedStore {
  getState(): unknown;
  subscribe(listener: () => void): () => void;
}

const WAIT_LIMIT_MS = 2000;
const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The RTK Query requests of the store still waiting for an answer, as `endpoint` names. */
function pendingRequests(store: WatchedStore): string[] {
  const { api } = store.getState() as {
    api?: { queries: Record<string, Entry>; mutations: Record<string, Entry> };
  };
  type Entry = { status?: string; endpointName?: string } | undefined;
  const entries = [...Object.values(api?.queries ?? {}), ...Object.values(api?.mutations ?? {})];
  return entries.filter((e) => e?.status === 'pending').map((e) => e?.endpointName ?? '?');
}

/**
 * Waits until `condition` holds after the store's latest change, checking after each task turn;
 * fails after two seconds, naming `what` it waited for and the requests still pending.
 */
export async function until(store: WatchedStore, condition: () => boolean, what: string) {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  while (!condition()) {
    if (Date.now() > deadline) {
      const pending = pendingRequests(store).join(', ') || 'none';
      throw new Error(`waited 2 s for ${what}; requests still pending: ${pending}`);
    }
    await nextTurn();
  }
}

/**
 * Waits until the store is idle: no request of the API pending, and no action dispatched during
 * a whole task turn (so every listener that reacts to the last answer has run).
 */
export async function settle(store: WatchedStore) {
  await idle(store, true);
}

/**
 * Waits until no action was dispatched during a whole task turn, whatever the state says is on
 * its way: a past state shown by time travel may hold a read that was under way then.
 */
export async function quiet(store: WatchedStore) {
  await idle(store, false);
}

async function idle(store: WatchedStore, answered: boolean) {
  let changed = true;
  const unsubscribe = store.subscribe(() => (changed = true));
  try {
    await until(
      store,
      () => {
        const idle = !changed && (!answered || pendingRequests(store).length === 0);
        changed = false;
        return idle;
      },
      'the store to be idle',
    );
  } finally {
    unsubscribe();
  }
}
