// Structured logs that never hold a password, token, code or Authorization header.
import {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';

import { SECRET_FIELDS } from '../contract/endpoints';

/** An id the app sends (X-Log-Id, X-Request-Id): up to 64 letters, digits and dashes. */
const SENT_ID = /^[0-9A-Za-z-]{1,64}$/;

/** The header's value when it is such an id, else null. */
export function sentId(value: string | string[] | undefined): string | null {
  return typeof value === 'string' && SENT_ID.test(value) ? value : null;
}

/** The contract's secret fields, and the browser's cookies. */
const SECRET_KEYS = [...SECRET_FIELDS, 'cookie'];

const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

interface LoggedRequest {
  method: string;
  url: string;
  ip: string;
  id: string;
}

/**
 * What joins a logged request with the app's log and the server's event (`reqId`, the request's
 * id, is on every line): the tab's log id the app sent, the signed-in user, the refusal's code (`refusal`: `code` is a secret field, redacted).
 */
function joinFields(request: FastifyRequest) {
  return {
    req: request,
    logId: sentId(request.headers['x-log-id']) ?? undefined,
    userId: request.session?.userId,
    refusal: request.facts?.refusal ?? undefined,
  };
}

/**
 * Fastify's request log writes two lines per request at info. Here a request that ends well and
 * soon is logged only at debug (its arrival too), so the busiest call, verify, writes nothing at
 * the default level; an error (5xx), a refusal (4xx) or a request that took `slowMs` or more is
 * logged at info (5xx at error) with its time.
 */
export function requestLogController(slowMs: number): LogController {
  class RequestLog extends LogController {
    override incomingRequest(request: FastifyRequest) {
      request.log.debug({ req: request }, 'incoming request');
    }

    override requestCompleted(
      error: Error | null | undefined,
      request: FastifyRequest,
      reply: FastifyReply,
    ) {
      const responseTime = reply.elapsedTime;
      if (error) {
        const fields = { ...joinFields(request), res: reply, err: error, responseTime };
        reply.log.error(fields, 'request errored');
      } else if (reply.statusCode >= 500) {
        reply.log.error({ ...joinFields(request), res: reply, responseTime }, 'request completed');
      } else if (reply.statusCode >= 400 || responseTime >= slowMs) {
        reply.log.info({ ...joinFields(request), res: reply, responseTime }, 'request completed');
      } else {
        reply.log.debug({ res: reply, responseTime }, 'request completed');
      }
    }
  }
  return new RequestLog();
}

export function loggerOptions(
  level: string,
  stream: NodeJS.WritableStream | undefined,
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      // The query string is dropped: an activation link may carry the code in it.
      req: (request: LoggedRequest) => ({
        id: request.id,
        method: request.method,
        path: request.url.split('?')[0],
        remoteAddress: request.ip,
      }),
    },
  };
}
