import type { IncomingMessage, ServerResponse } from 'node:http';

import helmet from 'helmet';

// The built app runs with no inline script or style, so the policy allows only its own files.
const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    fontSrc: ["'self'", 'data:'],
    imgSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

/** The headers helmet writes for this policy, read once: they are the same for every answer. */
function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string | number) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
  };
  helmet({ contentSecurityPolicy: CONTENT_SECURITY_POLICY })(
    {} as IncomingMessage,
    collector as unknown as ServerResponse,
    () => {},
  );
  return headers;
}

// Helmet computes the headers; Fastify sends them as one constant object. @fastify/helmet instead
// rebuilds helmet for every request and sets each header on its own, which cost the verify call,
// the busiest route, more than its database lookup.
/** The security headers of an answer to `url`: two constant objects, chosen by path. */
export function securityHeadersFor(): (url: string) => Record<string, string> {
  const pageHeaders = securityHeaders();
  return (url) => (url.startsWith(API_PREFIX) ? API_HEADERS : pageHeaders);
}

const API_PREFIX = '/v1/';

/**
 * A JSON answer is never a page: it needs no policy for scripts, styles or fonts, only what
 * keeps a browser from sniffing it into something else or framing it (OWASP's REST Security
 * Cheat Sheet: CSP `default-src 'none'`, `frame-ancestors 'none'`, nosniff). The full set of the
 * app's pages is about 700 bytes more on every verify answer, the busiest call there is.
 * No API answer is kept by a browser or a proxy: many carry a session token, a code or personal
 * data (login, activation, reset, verify, the session list, email changes, the outbox), and one
 * rule for all of them cannot miss a new route.
 */
const API_HEADERS: Record<string, string> = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
};
