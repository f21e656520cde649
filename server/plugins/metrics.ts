// Prometheus metrics (`app.metrics`), served on a listener of their own (METRICS_PORT, on HOST),
// never on the public port: whoever reaches the API cannot read them. Off (METRICS_PORT unset),
// `app.metrics` only swallows what it is told and no hook is added, so a server without metrics
// pays nothing. The listener starts with the app (`ready`, before `listen`). What is counted as it happens: requests by route pattern (never the URL) and
// status, with durations; auth decisions (plugins/auth-events.ts tells, for each recorded answer);
// limit refusals (http/limits.ts); mail failures (mail/queue.ts). What is read at each scrape:
// the mail queue's depth and its oldest row's age (the queue every process shares), the session
// cache's hits and misses (plugins/session-store.ts), the database pool, and the process's own metrics.
import http from 'node:http';

import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

import { poolUse } from '../db/connect';
import { countSetAsideMail } from '../repo/mail-queue';

export interface Metrics {
  /** An answer of a recorded endpoint, as its auth event says it (code: the refusal's, or ''). */
  authDecision(endpoint: string, outcome: 'accepted' | 'refused', code: string | null): void;
  /** A request refused by the limit `name` (a 429, or a mail not sent). */
  limitRefused(name: string): void;
  /** A mail or a mail job that failed and waits for its retry. */
  mailFailed(): void;
  /** Where the metrics are served, once listening; undefined when off. */
  url(): string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

const OFF: Metrics = {
  authDecision() {},
  limitRefused() {},
  mailFailed() {},
  url: () => undefined,
};

// From a verify answered from memory (well under a millisecond) to a password hash under load.
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route label of a request no route took: the app's pages and files, or nothing. */
function unrouted(status: number): string {
  return status === 404 ? '(not found)' : '(app)';
}

const metricsPlugin: FastifyPluginAsync = async (app) => {
  const { config, db, clock } = app;
  if (config.metricsPort === undefined) {
    app.decorate('metrics', OFF);
    return;
  }
  // Loaded only here: a server without metrics never loads prom-client.
  const { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } =
    await import('prom-client');
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Requests answered, by method, route pattern and status, and how long they took',
    labelNames: ['method', 'route', 'status_code'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  // One child per method, route and status, made once: observing through it skips the hashing of
  // the labels that prom-client does on every observe(labels, value).
  const series = new Map<string, { observe(seconds: number): void }>();
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const route = request.routeOptions.url ?? unrouted(status);
    const key = `${request.method} ${status} ${route}`;
    let child = series.get(key);
    if (!child) {
      child = requests.labels({ method: request.method, route, status_code: status });
      series.set(key, child);
    }
    child.observe(reply.elapsedTime / 1000);
    done();
  });

  const decisions = new Counter({
    name: 'accounts_auth_decisions_total',
    help: 'Answers of the account endpoints, as their auth events record them: by endpoint, outcome and refusal code',
    labelNames: ['endpoint', 'outcome', 'code'],
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'accounts_limit_refusals_total',
    help: 'Requests a limit refused (a 429, or a mail not sent), by limit',
    labelNames: ['limit'],
    registers: [registry],
  });
  const mailFailures = new Counter({
    name: 'accounts_mail_failures_total',
    help: 'Mails and mail jobs of this process that failed and wait for a retry',
    registers: [registry],
  });

  new Gauge({
    name: 'accounts_mail_queue_depth',
    help: 'Mails and mail jobs waiting in the queue (shared by every process)',
    registers: [registry],
    async collect() {
      const row = await mailQueueState();
      this.set(row ? row.depth : Number.NaN);
    },
  });
  new Gauge({
    name: 'accounts_mail_queue_oldest_age_seconds',
    help: "Age of the queue's oldest mail or mail job (0 when empty)",
    registers: [registry],
    async collect() {
      const row = await mailQueueState();
      if (!row) this.set(Number.NaN);
      else this.set(row.oldest === null ? 0 : Math.max(0, clock.nowMs() - row.oldest) / 1000);
    },
  });
  new Gauge({
    name: 'accounts_mail_set_aside',
    help: 'Mails and mail jobs set aside as never deliverable, kept for an operator',
    registers: [registry],
    async collect() {
      this.set(await countSetAsideMail(db).catch(() => Number.NaN));
    },
  });
  // Both gauges of one scrape share one query.
  let state: Promise<{ depth: number; oldest: number | null } | undefined> | undefined;
  const mailQueueState = () =>
    (state ??= db
      .selectFrom('mail_queue')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('depth'),
        eb.fn.min('created_at').as('oldest'),
      ])
      // Mail set aside is kept for an operator, not waiting: it has a gauge of its own.
      .where('set_aside_at', 'is', null)
      .executeTakeFirst()
      .then(
        (row) => ({
          depth: Number(row?.depth ?? 0),
          oldest: row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest),
        }),
        () => undefined,
      )
      .finally(() => setImmediate(() => (state = undefined))));

  if (config.database.kind === 'postgres') {
    new Counter({
      name: 'accounts_session_cache_lookups_total',
      help: "Verify's session lookups on PostgreSQL, answered from this process's memory (hit) or not (miss)",
      labelNames: ['result'],
      registers: [registry],
      collect() {
        const counts = app.sessions.cacheCounts();
        this.reset();
        if (!counts) return;
        this.inc({ result: 'hit' }, counts.hits);
        this.inc({ result: 'miss' }, counts.misses);
      },
    });
    new Gauge({
      name: 'accounts_db_pool_connections',
      help: "PostgreSQL connections of this process's pool: in use, idle, and requests waiting for one",
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const use = poolUse(db);
        if (!use) return;
        this.set({ state: 'in_use' }, use.total - use.idle);
        this.set({ state: 'idle' }, use.idle);
        this.set({ state: 'waiting' }, use.waiting);
      },
    });
  }

  const listener = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => {
        app.log.warn({ err: error }, 'metrics not collected');
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Failed\n');
      },
    );
  });
  let url: string | undefined;
  // Before the server listens: a metrics port that is taken stops the start, naming its variable.
  app.addHook('onReady', async () => {
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    await new Promise<void>((resolve, reject) => {
      listener.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          new Error(
            error.code === 'EADDRINUSE'
              ? `the metrics port ${config.metricsPort} on ${host} is already in use: choose another with METRICS_PORT.`
              : `the metrics could not listen on ${host}:${config.metricsPort}: ${error.message}`,
          ),
        ),
      );
      listener.listen(config.metricsPort, config.host, () => resolve());
    });
    const address = listener.address();
    const port = typeof address === 'object' && address ? address.port : config.metricsPort;
    url = `http://${host}:${port}/metrics`;
    app.log.info(`Metrics listening at ${url}`);
  });
  app.addHook('onClose', async () => {
    if (!listener.listening) return;
    listener.closeAllConnections();
    await new Promise((resolve) => listener.close(resolve));
  });

  app.decorate('metrics', {
    authDecision: (endpoint, outcome, code) =>
      decisions.inc({ endpoint, outcome, code: code?.split(' ')[0] ?? '' }),
    limitRefused: (name) => refusals.inc({ limit: name }),
    mailFailed: () => mailFailures.inc(),
    url: () => url,
  } satisfies Metrics);
};

export default fp(metricsPlugin, {
  name: 'metrics',
  fastify: '5.x',
  decorators: { fastify: ['db', 'config', 'clock', 'sessions'] },
});
