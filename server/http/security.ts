import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

import helmet from 'helmet';

// The built app runs with no inline script or style, so the policy allows only its own files, and
// connections to its own origin and to the API's when it was built with another (API_BASE_URL).
const contentSecurityPolicy = (connectOrigins: string[]) => ({
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    fontSrc: ["'self'", 'data:'],
    imgSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...connectOrigins],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
});

/** The headers helmet writes for this policy, read once: they are the same for every answer. */
function securityHeaders(connectOrigins: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string | number) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
  };
  helmet({ contentSecurityPolicy: contentSecurityPolicy(connectOrigins) })(
    {} as IncomingMessage,
    collector as unknown as ServerResponse,
    () => {},
  );
  return headers;
}

// Helmet computes the headers; Fastify sends them as one constant object. @fastify/helmet instead
// rebuilds helmet for every request and sets each header on its own, which cost the verify call,
// the busiest route, more than its database lookup.
/**
 * The security headers of an answer to `url`: two constant objects, chosen by path. Pages may
 * connect to `connectOrigins` besides their own (the API origin the build names).
 */
export function securityHeadersFor(
  connectOrigins: string[] = [],
): (url: string) => Record<string, string> {
  const pageHeaders = securityHeaders(connectOrigins);
  return (url) => (url.startsWith(API_PREFIX) ? API_HEADERS : pageHeaders);
}

const API_PREFIX = '/v1/';

/**
 * The API's origin that a build made with API_BASE_URL on another origin names in its page
 * (`<meta name="api-origin">`, webpack.config.ts), so that its pages may connect there; none for a
 * build that calls its own origin, or no build.
 */
export function apiOriginOfBuild(distDir: string): string[] {
  let page: string;
  try {
    page = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  } catch {
    return [];
  }
  // The minified page drops the quotes around attribute values that need none.
  const named = /<meta name="?api-origin"? content="?([^"\s>]*)/.exec(page)?.[1];
  if (!named) return [];
  try {
    // Only an origin goes into the header, whatever the file says.
    const { origin, protocol } = new URL(named);
    return origin === named && (protocol === 'http:' || protocol === 'https:') ? [origin] : [];
  } catch {
    return [];
  }
}

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
