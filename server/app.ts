// Assembles the account server: database, mail, limits, routes and the built app.
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

import { handInEndpoints } from '../contract/endpoints';
import accountDeletionRoutes from '../features/account-deletion/routes.server';
import actionLogRoutes from '../features/action-logs/routes.server';
import emailChangeRoutes from '../features/email-change/routes.server';
import { allEndpoints, allSchemas, allSummaries } from '../features/endpoints.server';
import loginRoutes from '../features/login/login-routes.server';
import sessionListRoutes from '../features/login/session-list-routes.server';
import sessionRoutes from '../features/login/session-routes.server';
import operatorRoutes from '../features/operator/routes.server';
import passkeyRoutes from '../features/passkeys/routes.server';
import passwordChangeRoutes from '../features/password/change-routes.server';
import passwordResetRoutes from '../features/password/reset-routes.server';
import oidcRoutes from '../features/providers/routes.server';
import secondFactorRoutes from '../features/second-factor/routes.server';
import activationRoutes from '../features/signup/activation-routes.server';
import signupRoutes from '../features/signup/signup-routes.server';
import authEvents from './auth/auth-events';
import { createPasswordHasher } from './auth/passwords';
import session from './auth/session';
import sessionStore from './auth/session-store';
import type { Config } from './config';
import { checkpointElsewhere, openDatabase } from './db/connect';
import { migrateAtStart } from './db/migrate';
import writeFailures from './db/write-failures';
import { registerCors } from './http/cors';
import { answerEveryEndpoint } from './http/endpoints';
import { errorBody, registerErrorHandler, sendError } from './http/errors';
import { registerJsonBody } from './http/json-body';
import limits from './http/limits';
import openapi from './http/openapi';
import { registerRequestFacts } from './http/request-facts';
import { apiOriginOfBuild, securityHeadersFor } from './http/security';
import { registerStaticApp } from './http/static-app';
import { loggerOptions, requestLogController, sentId } from './logging';
import mailQueue from './mail/queue';
import sweeper from './maintenance/sweep';
import metrics from './plugins/metrics';
import resources, { type Clock } from './plugins/resources';
import confirmationRoutes from './routes/confirmation';
import healthRoutes from './routes/health';
import outboxRoutes from './routes/outbox';

// The endpoint table, assembled from the features' entries, handed to the server's platform.
handInEndpoints(allEndpoints, allSummaries, allSchemas);

/**
 * The route modules: each registers the handlers of some endpoints of the table (the outbox's
 * only in the outbox mail mode). The list does not compile while an endpoint has
 * no handler.
 */
const ROUTE_MODULES = answerEveryEndpoint([
  healthRoutes,
  sessionRoutes,
  signupRoutes,
  activationRoutes,
  loginRoutes,
  passwordResetRoutes,
  passwordChangeRoutes,
  emailChangeRoutes,
  accountDeletionRoutes,
  sessionListRoutes,
  secondFactorRoutes,
  passkeyRoutes,
  confirmationRoutes,
  actionLogRoutes,
  outboxRoutes,
  operatorRoutes,
  oidcRoutes,
]);

let requestCount = 0;
/** A request id for a request that sent none. */
const serverRequestId = () => `srv-${(requestCount += 1).toString(36)}`;

/** How often Node looks for requests past their time-out. */
const CONNECTIONS_CHECK_MS = 1000;
export const BODY_LIMIT_BYTES = 16 * 1024;
/** A Redis command not answered within this fails (503), as /healthz's check does after 2 s. */
const REDIS_COMMAND_TIMEOUT_MS = 2000;

export interface ServerOptions {
  logStream?: NodeJS.WritableStream;
  /** The server's time, for tests; the system clock otherwise. */
  clock?: Clock;
}

function closingResponse(status: string, code: 'BAD_REQUEST' | 'REQUEST_TIMEOUT'): string {
  const body = JSON.stringify(errorBody(code));
  return (
    `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}
const BAD_REQUEST_RESPONSE = closingResponse('400 Bad Request', 'BAD_REQUEST');
const REQUEST_TIMEOUT_RESPONSE = closingResponse('408 Request Timeout', 'REQUEST_TIMEOUT');

/** The Fastify instance with everything registered, not listening yet (for `inject`). */
export async function buildApp(config: Config, opts: ServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // `silent` means no logger at all: a silent pino still builds a child logger per request.
    logger: config.logLevel === 'silent' ? false : loggerOptions(config.logLevel, opts.logStream),
    logController: requestLogController(config.logSlowRequestMs),
    // A request is named by the id the app sent (X-Request-Id), when it is one (up to 64 letters,
    // digits and dashes: Fastify's own reading of the header would take any text), else by the
    // server; the log lines, the request's event and the answer's X-Request-Id carry it.
    requestIdHeader: false,
    genReqId: (request) => sentId(request.headers['x-request-id']) ?? serverRequestId(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    frameworkErrors: (_error, _request, reply) => {
      void sendError(reply, 400, 'BAD_REQUEST');
    },
    clientErrorHandler: (error: Error & { code?: string }, socket) => {
      if (!socket.writable) return;
      const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
      socket.end(timedOut ? REQUEST_TIMEOUT_RESPONSE : BAD_REQUEST_RESPONSE);
    },
    // A client that sends its headers or body slowly, or never, cannot hold a connection.
    // Node answers 408 at its next check after the request time-out; the idle socket's own
    // time-out, which closes without an answer, comes at least two checks later, even on a busy
    // event loop (at 1 s, with the socket closing at 2 s, a late check lost the 408).
    requestTimeout: config.requestTimeoutSeconds * 1000,
    connectionTimeout: Math.max(
      2 * config.requestTimeoutSeconds * 1000,
      config.requestTimeoutSeconds * 1000 + 2 * CONNECTIONS_CHECK_MS,
    ),
    keepAliveTimeout: 5000,
    http: {
      headersTimeout: config.requestTimeoutSeconds * 1000,
      connectionsCheckingInterval: CONNECTIONS_CHECK_MS,
    },
  });
  app.server.maxConnections = config.maxConnections;
  if (config.otlpEndpoint) {
    // Loaded only here: a server without traces never loads the OpenTelemetry SDK.
    const { startTracing } = await import('./tracing');
    const tracing = startTracing(config.otlpEndpoint);
    await app.register(tracing.plugin);
    app.addHook('onClose', () => tracing.shutdown());
  }

  // Answers finished during shutdown close their connection, so keep-alive clients cannot hold
  // the server open.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Every answer's security headers, and `connection: close` during shutdown, in one callback
  // hook: each hook a request passes (and a promise per async hook) costs on verify, the busiest
  // route. onSend runs for every answer, errors and the static app's files included.
  const securityHeaders = securityHeadersFor(apiOriginOfBuild(config.distDir));
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(securityHeaders(request.url));
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  const db = await openDatabase(config.database, (error) =>
    app.log.warn({ err: error }, 'database connection lost'),
  );
  const stopCheckpoints = checkpointElsewhere(db);
  // A Redis that hangs (its host stopped, a network gone silent) fails each command after the
  // time-out, answered 503, rather than holding requests until it resumes.
  const redis = config.redis
    ? new Redis(config.redis.url, {
        maxRetriesPerRequest: 2,
        commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      })
    : undefined;
  // ioredis reconnects by itself; without a listener its errors would crash the process.
  redis?.on('error', (error) => app.log.warn({ err: error }, 'redis connection error'));
  // Added before the plugins that use them, so it runs after their own onClose hooks.
  app.addHook('onClose', async () => {
    await stopCheckpoints();
    await db.destroy();
    await redis?.quit();
  });

  const applied = await migrateAtStart(db, config).catch(async (error: unknown) => {
    await app.close();
    throw error;
  });
  if (applied.length > 0) app.log.info(`Applied the migrations ${applied.join(', ')}`);
  registerJsonBody(app);
  registerRequestFacts(app);
  registerErrorHandler(app);
  await registerCors(app, config.corsOrigins);
  const passwords = await createPasswordHasher(
    config.passwordHash,
    config.passwordHashBounds,
    config.mail.appName,
  );
  app.addHook('onClose', () => passwords.close());
  await app.register(resources, { config, db, passwords, clock: opts.clock });
  await app.register(sessionStore);
  await app.register(metrics);
  await app.register(authEvents);
  await app.register(writeFailures);
  await app.register(session);
  await app.register(limits, {
    config,
    redis: redis && config.redis ? { client: redis, prefix: config.redis.prefix } : undefined,
  });
  await app.register(mailQueue);
  await app.register(sweeper);
  await app.register(openapi);

  for (const routes of ROUTE_MODULES) {
    if (routes === outboxRoutes && !config.mail.outboxEndpoint) continue;
    await app.register(routes, { redis });
  }
  await registerStaticApp(app, config.distDir);
  return app;
}

export interface RunningServer {
  url: string;
  port: number;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** Builds, migrates and listens; port 0 picks a free port. */
export async function startServer(
  config: Config,
  opts: ServerOptions = {},
): Promise<RunningServer> {
  const app = await buildApp(config, opts);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  if (config.mail.mode === 'outbox') {
    const where = config.mail.outboxEndpoint
      ? ` and listed at http://${host}:${port}/v1/dev/outbox`
      : '';
    app.log.info(`Mail outbox mode: messages are kept in ${config.mail.outboxDir}${where}`);
  }
  return { url: `http://${host}:${port}`, port, app, close: () => app.close() };
}
