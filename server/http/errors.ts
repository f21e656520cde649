// Every failure leaves the server as the contract's JSON error, never a page or a stack trace.
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';

import type { ErrorBody, ErrorCode, FieldErrorCode } from '../../contract/api';
import { ERRORS } from '../../contract/endpoints';
import { AccountLocked } from '../auth/lock';
import { HashingOverloaded } from '../auth/passwords';
import { isUnavailable } from '../db/failures';
import { isUniqueViolation } from '../db/unique';
import { JsonTooDeep } from './json-depth';
import { noteRefusal } from './request-facts';
import { schemaFieldErrors } from './validation';

declare module 'fastify' {
  interface FastifyReply {
    /** Answers with the error table's status and message for `code`. */
    fail(code: ErrorCode, fields?: Record<string, FieldErrorCode>): FastifyReply;
  }
}

/** When to try again after the database or Redis did not answer. */
const STORAGE_RETRY_AFTER_SECONDS = 5;

const UNIQUE_RACE_MESSAGE = 'Another request changed the same data at the same moment; try again.';

const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

export function errorBody(
  code: ErrorCode,
  fields?: Record<string, FieldErrorCode>,
  message: string = ERRORS[code].message,
): ErrorBody {
  return fields ? { error: true, code, message, fields } : { error: true, code, message };
}

export function sendError(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  fields?: Record<string, FieldErrorCode>,
): FastifyReply {
  noteRefusal(reply.request, code, fields);
  return reply.code(status).send(errorBody(code, fields));
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.decorateReply('fail', function fail(this: FastifyReply, code, fields) {
    noteRefusal(this.request, code, fields, true);
    return this.code(ERRORS[code].status).send(errorBody(code, fields));
  });
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error.validation) {
      return sendError(reply, 400, 'VALIDATION', schemaFieldErrors(error.validation));
    }
    if (error instanceof AccountLocked) return reply.fail('ACCOUNT_LOCKED');
    if (error instanceof JsonTooDeep) {
      noteRefusal(request, 'BAD_REQUEST');
      return reply.code(400).send(errorBody('BAD_REQUEST', undefined, error.message));
    }
    const status = error.statusCode ?? 500;
    const code = STATUS_CODES[status];
    if (status < 500 && code) {
      if (reply.getHeader('retry-after') === undefined && status === 429) {
        reply.header('retry-after', 60);
      }
      return sendError(reply, status, code);
    }
    // No decision was made (a 5xx, a race to retry): whatever the request drew does not count.
    if (request.server.hasDecorator('limits')) await request.server.limits.giveBackAll(request);
    if (error instanceof HashingOverloaded) {
      reply.header('retry-after', error.retryAfterSeconds);
      return sendError(reply, 503, 'SERVICE_UNAVAILABLE');
    }
    // A route that can race on a unique index answers its own code; any other such race is the
    // client's to retry, never a server failure.
    if (isUniqueViolation(error)) {
      noteRefusal(request, 'BAD_REQUEST');
      return reply.code(400).send(errorBody('BAD_REQUEST', undefined, UNIQUE_RACE_MESSAGE));
    }
    if (isUnavailable(error)) {
      request.server.writeFailures?.note(error);
      request.log.warn({ err: error }, 'storage unavailable');
      reply.header('retry-after', STORAGE_RETRY_AFTER_SECONDS);
      return sendError(reply, 503, 'SERVICE_UNAVAILABLE');
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, 'INTERNAL');
  });
}
