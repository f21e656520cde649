// Structured logs that never hold a password, token, code or Authorization header.
import type { FastifyServerOptions } from 'fastify';

const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'linkToken',
  'code',
  'authorization',
  'cookie',
];

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
