// The first navigation's verify call, sent as soon as the page's script starts. On a slow phone
// the store and React take a while to start; the answer is then already here when the store sends
// its own verify request for that navigation, which takes this answer instead of going out again.
// Only the very same request (method, address and every header but the request's own id) takes
// it, and only the first verify request does: one sent with another token (written meanwhile by
// another tab) or another language goes to the network as usual, and the early answer is dropped.
// The answer taken names the early request's id (`X-Request-Id`), the one the server saw, so the
// action log records that one.
import { verifyEndpoints } from '../../features/login/endpoints';
import { API_BASE_URL, INTL_LOCALE, newId, type Locale } from '../../store/constants';

export interface FetchingWindow {
  fetch: typeof fetch;
  location: { origin: string };
}

/** The verify request exactly as the store's base query builds it (store/apiSlice.ts). */
export function verifyRequest(
  origin: string,
  token: string | null,
  locale: Locale,
  logId: string,
): Request {
  const base = (API_BASE_URL || origin).replace(/\/+$/, '');
  const headers = new Headers({
    'Content-Type': 'application/json',
    'Accept-Language': INTL_LOCALE[locale],
    Accept: 'application/json',
    'x-log-id': logId,
    'x-request-id': newId(),
  });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return new Request(`${base}/${verifyEndpoints.verify.path.replace(/^\/+/, '')}`, { headers });
}

/** The headers that make two requests the same: every one but the request's own id. */
const headerList = (request: Request) =>
  JSON.stringify([...request.headers].filter(([name]) => name !== 'x-request-id'));

/** The early answer as the answer to the early request: it names that request's id. */
function namingRequest(answer: Response, early: Request): Response {
  const named = new Response(answer.body, answer);
  named.headers.set('x-request-id', early.headers.get('x-request-id')!);
  return named;
}

function sameRequest(a: Request, b: Request): boolean {
  return a.method === b.method && a.url === b.url && headerList(a) === headerList(b);
}

/** The early answer, or the network's if it failed; rejects when `request` is aborted first. */
function adopt(answer: Promise<Response>, request: Request, send: typeof fetch) {
  return new Promise<Response>((resolve, reject) => {
    const { signal } = request;
    const abort = () => reject(signal.reason);
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    answer
      .catch(() => send(request))
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * Sends `early` now; the next verify request made through `window.fetch` gets its answer if it is
 * the same request. After that request, `window.fetch` is the browser's own again.
 */
export function sendVerifyEarly(window: FetchingWindow, early: Request): void {
  const send = window.fetch;
  const answer = send.call(window, early.clone());
  answer.catch(() => {});
  const verifyPath = new URL(early.url).pathname;
  const adopting: typeof fetch = (input, init) => {
    // Only the store's requests (a Request, no init) can be its verify call; nothing else is read.
    const request = input instanceof Request && init === undefined ? input : null;
    if (!request || request.method !== 'GET' || new URL(request.url).pathname !== verifyPath) {
      return send.call(window, input, init);
    }
    if (window.fetch === adopting) window.fetch = send;
    if (!sameRequest(request, early)) return send.call(window, request);
    return adopt(
      answer.then((response) => namingRequest(response, early)),
      request,
      send,
    );
  };
  window.fetch = adopting;
}
