// Cross-origin calls to the API (CORS_ORIGINS), for an app built with API_BASE_URL on another
// origin. The app sends its session as a bearer token, never a cookie, so no answer allows
// credentials: a page of a listed origin can call the API only with a token it holds.
import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/** The headers the app sends (apiSlice.ts, earlyVerify.ts) and those it reads from answers. */
const SENT_HEADERS = ['authorization', 'content-type', 'x-request-id', 'x-log-id'];
const READ_HEADERS = ['retry-after', 'x-request-id'];
/** How long a browser keeps a preflight's answer (Chromium holds it 2 hours at most). */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

export async function registerCors(app: FastifyInstance, origins: string[]): Promise<void> {
  if (origins.length === 0) return;
  const options: FastifyCorsOptions = {
    // An exact list: an unlisted origin's answers carry no Access-Control-Allow-Origin.
    origin: origins,
    methods: ['GET', 'POST', 'PATCH', 'DELETE'],
    allowedHeaders: SENT_HEADERS,
    exposedHeaders: READ_HEADERS,
    credentials: false,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
    strictPreflight: true,
  };
  await app.register(cors, options);
}
