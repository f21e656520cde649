// What a request came to, as the parts that decided it write it: `reply.fail` its refusal, the
// limits the limit that applied. Observers (the log line, the record of account decisions) read
// `request.facts`; nothing that writes it knows who reads it.
import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { ErrorCode, FieldErrorCode } from '../../contract/api';
import type { EndpointName } from '../../contract/endpoints';

export interface RequestFacts {
  /** The refusal's code, a VALIDATION's field codes after it (`VALIDATION password:INCORRECT`). */
  refusal: string | null;
  /** The refusal was a route's decision (`reply.fail`), not the framework's (a body it could not read). */
  decided: boolean;
  /** The limit that refused, or the one closest to refusing among those drawn. */
  limit: { name: string; left: number; points: number } | null;
  /** When the flow this request completes began, Unix ms (an activation's sign-up, a reset's request). */
  startedAt: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Null until something is noted. */
    facts: RequestFacts | null;
  }
  interface FastifyContextConfig {
    /** The endpoint a route answers (http/endpoints.ts). */
    endpoint?: EndpointName;
  }
}

export function registerRequestFacts(app: FastifyInstance): void {
  app.decorateRequest('facts', null);
}

function factsOf(request: FastifyRequest): RequestFacts {
  request.facts ??= { refusal: null, decided: false, limit: null, startedAt: null };
  return request.facts;
}

/** Notes the refusal a request is answered with; `decided` when a route chose it. */
export function noteRefusal(
  request: FastifyRequest,
  code: ErrorCode,
  fields?: Record<string, FieldErrorCode>,
  decided = false,
): void {
  const detail = fields ? Object.entries(fields).map(([field, why]) => ` ${field}:${why}`) : [];
  const facts = factsOf(request);
  facts.refusal = `${code}${detail.join('')}`.slice(0, 200);
  facts.decided = decided;
}

/** Notes a drawn limit and how many tries are left on it; the closest to refusing is kept. */
export function noteLimit(
  request: FastifyRequest,
  limit: { name: string; left: number; points: number },
): void {
  const facts = factsOf(request);
  if (!facts.limit || limit.left <= facts.limit.left) facts.limit = limit;
}

/** Notes when the flow this request completes began (the funnel measures from it). */
export function noteFlowStart(request: FastifyRequest, startedAtMs: number | null): void {
  factsOf(request).startedAt = startedAtMs;
}
