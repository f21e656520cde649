import type { IncomingMessage, ServerResponse } from 'node:http';

import type { FastifyInstance } from 'fastify';
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
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
