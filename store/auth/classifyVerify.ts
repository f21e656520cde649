// The three outcomes of a verify call (docs/architecture.md, Verify outcomes), decided from RTK Query's result.
import * as v from 'valibot';

import type { PublicUser } from '../../contract/api';
import { RefusalAsRead, VerifyAnswerAsRead } from '../../contract/schemas';

export type VerifyOutcome =
  | { kind: 'signedIn'; user: PublicUser; exp: unknown }
  | { kind: 'rejected'; status: number; code: string | null }
  | { kind: 'failed'; reason: VerifyFailureReason; status?: number };

export type VerifyFailureReason = 'network' | 'timeout' | 'server' | 'malformed';

type QueryResult = { data: unknown } | { error: unknown };

const QueryError = v.looseObject({
  status: v.unknown(),
  data: v.optional(v.unknown()),
  originalStatus: v.optional(v.unknown()),
});

function classifyBody(body: unknown, status: number): VerifyOutcome {
  const refusal = v.safeParse(RefusalAsRead, body);
  // A refusal counts from a 2xx or a 4xx answer (docs/architecture.md, Verify outcomes).
  if (refusal.success && (status < 300 || (status >= 400 && status < 500))) {
    return { kind: 'rejected', status, code: refusal.output.code ?? null };
  }
  const answer = v.safeParse(VerifyAnswerAsRead, body);
  if (answer.success && status < 300) {
    return { kind: 'signedIn', user: answer.output.user, exp: answer.output.signature.exp };
  }
  return { kind: 'failed', reason: 'malformed', status };
}

export function classifyVerifyResult(result: QueryResult): VerifyOutcome {
  if ('data' in result) return classifyBody(result.data, 200);
  const parsed = v.safeParse(QueryError, result.error);
  if (!parsed.success) return { kind: 'failed', reason: 'network' };
  const error = parsed.output;
  const { status } = error;
  if (status === 'TIMEOUT_ERROR') return { kind: 'failed', reason: 'timeout' };
  if (status === 'FETCH_ERROR') return { kind: 'failed', reason: 'network' };
  if (status === 'PARSING_ERROR') {
    const original = typeof error.originalStatus === 'number' ? error.originalStatus : undefined;
    const reason = original !== undefined && original >= 500 ? 'server' : 'malformed';
    return { kind: 'failed', reason, status: original };
  }
  if (typeof status !== 'number') return { kind: 'failed', reason: 'malformed' };
  // A 5xx is a failure of the server, never a verdict on the token, whatever its body says.
  if (status >= 500) return { kind: 'failed', reason: 'server', status };
  // A 2xx here is a refusal the base query turned into an error; a 3xx is never a verdict.
  if (status >= 400 || status < 300) return classifyBody(error.data, status);
  return { kind: 'failed', reason: 'malformed', status };
}
