// POST /v1/api/action-logs: a visitor sends their activity log to support and gets a short
// reference to quote. The log is checked once, by the schema replay reads files with (its body
// schema), redacted again, and kept 30 days.

import type { DecodedLog } from '../../contract/action-log';
import { deviceClass, indexLog } from '../../contract/action-log-index';
import { redactedJson } from '../../contract/redact';
import { defineRoutes, type Handlers } from '../../server/http/endpoints';
import { nestsDeeperThan } from '../../server/http/json-depth';
import {
  deleteExpiredActionLogs,
  insertActionLog,
  reindexActionLogs,
} from '../../server/repo/action-logs';

import { ACTION_LOG_BODY_LIMIT } from './endpoints';
import type { ActionLogUploadOk } from './schemas';

/** The largest log accepted (docs/openapi.json), as sent and as stored; beyond, 413. */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** A body refused as a whole, answered as VALIDATION without fields. */
function notALog(): Error {
  return Object.assign(new Error('not a valid activity log'), { statusCode: 400, validation: [] });
}

/** The file's two fields that hold JSON texts of their own (the actions and the first state). */
function embeddedJson(body: unknown): string[] {
  const file = (body ?? {}) as { payload?: unknown; preloadedState?: unknown };
  return [file.payload, file.preloadedState].filter((t): t is string => typeof t === 'string');
}

/**
 * The stored text: the decoded log with every secret redacted again, so a log from a modified or
 * outdated app cannot leave one in the database. Undefined when a part cannot be written as JSON.
 */
function storableLog(log: DecodedLog): string | undefined {
  const payload = redactedJson(log.actions);
  const preloadedState = redactedJson(log.preloadedState);
  if (payload === undefined || preloadedState === undefined) return undefined;
  return JSON.stringify({
    payload,
    preloadedState,
    actionLog: {
      version: 1,
      app: log.app,
      timestamps: log.timestamps,
      stateHashes: log.stateHashes,
      // What joins the log with the server's record of its requests (auth_events).
      ...(log.logId === undefined ? {} : { logId: log.logId }),
    },
  });
}

const actionLogRoutes = defineRoutes(async (app) => {
  const { db, clock, config } = app;
  const uploads = app.limits.counter(
    'log-uploads',
    config.rateLimits.logUploadsMax,
    config.rateLimits.logUploadsWindowSeconds,
  );

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body.toString();
    if (nestsDeeperThan(text)) {
      done(notALog(), undefined);
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(notALog(), undefined);
    }
  });

  const handlers: Handlers<'actionLogs'> = {
    actionLogs: {
      // Every upload that arrives counts, valid or not, as soon as its headers are in: one over
      // the limit is refused before its body is read or parsed, and its connection closes rather
      // than reading the rest of the body to keep it alive.
      onRequest: async (request, reply) => {
        reply.header('connection', 'close');
        if (!(await app.limits.take(reply, [{ counter: uploads, key: request.ip }]))) return reply;
        reply.removeHeader('connection');
        return undefined;
      },
      // The embedded texts are bounded like the file before the schema parses them.
      preValidation: async (request) => {
        if (embeddedJson(request.body).some((json) => nestsDeeperThan(json))) throw notALog();
      },
      handler: async (request, reply) => {
        const body = storableLog(request.body);
        if (body === undefined) return reply.fail('VALIDATION');
        // Redaction can lengthen a log (a short secret becomes "[redacted]"): what is stored is
        // held to the same bound as what is sent.
        if (Buffer.byteLength(body) > ACTION_LOG_BODY_LIMIT) return reply.fail('PAYLOAD_TOO_LARGE');
        const reference = await insertActionLog(db, {
          // Tied to the account whose session sent it (and those the server saw this tab use),
          // never to a user id the log names: a log is the sender's word.
          userId: request.session?.userId ?? null,
          now: clock.nowSeconds(),
          body,
          index: indexLog(request.body),
          device: deviceClass(request.headers['user-agent']),
        });
        const answer: ActionLogUploadOk = { error: false, reference };
        return reply.code(201).send(answer);
      },
    },
  };

  // Uploads older than 30 days are deleted at start and then every hour.
  let sweeping: Promise<void> = Promise.resolve();
  const sweep = () => {
    sweeping = deleteExpiredActionLogs(db, clock.nowSeconds()).then(
      (deleted) => {
        if (deleted > 0) app.log.info({ deleted }, 'expired activity logs deleted');
      },
      (error: unknown) => app.log.warn({ err: error }, 'activity-log sweep failed'),
    );
    return sweeping;
  };
  let timer: NodeJS.Timeout | undefined;
  // Uploads indexed by an earlier version are indexed again, after the server is ready.
  let reindexing: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
    timer.unref();
    reindexing = reindexActionLogs(db).then(
      (reindexed) => {
        if (reindexed > 0) app.log.info({ reindexed }, 'activity logs indexed again');
      },
      (error: unknown) => app.log.warn({ err: error }, 'activity-log indexing failed'),
    );
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await Promise.all([sweeping, reindexing]);
  });
  return handlers;
});

export default actionLogRoutes;
