// The three outcomes of a verify call (CONTRACT.md section 3), decided from RTK Query's result.
import type { PublicUser } from '../../contract/api';
import { decodeUser, isRecord } from '../api/decode';

export type VerifyOutcome =
  | { kind: 'signedIn'; user: PublicUser; exp: unknown }
  | { kind: 'rejected'; status: number; code: string | null }
  | { kind: 'failed'; reason: VerifyFailureReason; status?: number };

export type VerifyFailureReason = 'network' | 'timeout' | 'server' | 'malformed';

type QueryResult = { data: unknown } | { error: unknown };

function classifyBody(body: unknown, status: number): VerifyOutcome {
  if (isRecord(body) && body.error === true) {
    return { kind: 'rejected', status, code: typeof body.code === 'string' ? body.code : null };
  }
  if (isRecord(body) && body.error === false && status < 300) {
    const user = decodeUser(body.user);
    if (user) {
      const signature = isRecord(body.signature) ? body.signature : {};
      return { kind: 'signedIn', user, exp: signature.exp };
    }
  }
  return { kind: 'failed', reason: 'malformed', status };
}

export function classifyVerifyResult(result: QueryResult): VerifyOutcome {
  if ('data' in result) return classifyBody(result.data, 200);
  const error = result.error;
  if (!isRecord(error)) return { kind: 'failed', reason: 'network' };
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
  if (status >= 400) return classifyBody(error.data, status);
  return { kind: 'failed', reason: 'malformed', status };
}
