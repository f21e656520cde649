// What a failed request means for a form, read through the contract's schemas: nothing unchecked
// enters the store.
import * as v from 'valibot';

import type { ErrorCode, FieldErrorCode } from '../../contract/api';
import { ErrorAnswerAsRead } from '../../contract/schemas';

/** What a failed request means for a form: the server's code, or why there was none. */
export type RequestErrorCode = ErrorCode | 'NETWORK' | 'TIMEOUT' | 'UNEXPECTED';

export interface RequestError {
  code: RequestErrorCode;
  fields?: Record<string, FieldErrorCode>;
  status?: number;
  /** From the refusal's Retry-After header. */
  retryAfterSeconds?: number;
}

/** RTK Query's error shape (fetchBaseQuery's, or the schema failure of baseQuery.ts). */
const QueryError = v.object({
  status: v.union([v.number(), v.string()]),
  data: v.optional(v.unknown()),
});

/** Turns RTK Query's error into a serializable, known error. */
export function decodeRequestError(error: unknown): RequestError {
  const parsed = v.safeParse(QueryError, error);
  if (!parsed.success) return { code: 'UNEXPECTED' };
  const { status, data } = parsed.output;
  if (status === 'FETCH_ERROR') return { code: 'NETWORK' };
  if (status === 'TIMEOUT_ERROR') return { code: 'TIMEOUT' };
  if (typeof status !== 'number') return { code: 'UNEXPECTED' };
  const refusal = v.safeParse(ErrorAnswerAsRead, data);
  if (refusal.success) {
    const { code, fields, retryAfterSeconds } = refusal.output;
    return {
      code,
      status,
      ...(fields && Object.keys(fields).length > 0 ? { fields } : {}),
      ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
    };
  }
  return { code: status >= 500 ? 'INTERNAL' : 'UNEXPECTED', status };
}
