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

/** Waits until every pending promise and listener has run. */
export async function settle(rounds = 5) {
  for (let i = 0; i < rounds; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}
