// Decoders for what the server sends: nothing unchecked enters the store.
import type { ErrorCode, FieldErrorCode, PublicUser } from '../../contract/api';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function decodeUser(value: unknown): PublicUser | null {
  if (!isRecord(value)) return null;
  const { id, name, email, createdAt } = value;
  if (typeof id !== 'string' && typeof id !== 'number') return null;
  if (typeof name !== 'string' || typeof email !== 'string') return null;
  return {
    id: String(id),
    name,
    email,
    createdAt: typeof createdAt === 'string' ? createdAt : '',
  };
}

/** What a failed request means for a form: the server's code, or why there was none. */
export type RequestErrorCode = ErrorCode | 'NETWORK' | 'TIMEOUT' | 'UNEXPECTED';

export interface RequestError {
  code: RequestErrorCode;
  fields?: Record<string, FieldErrorCode>;
  status?: number;
  /** From the refusal's Retry-After header. */
  retryAfterSeconds?: number;
}

const FIELD_CODES: readonly FieldErrorCode[] = [
  'REQUIRED',
  'INVALID_EMAIL',
  'TOO_SHORT',
  'TOO_LONG',
  'COMMON_PASSWORD',
  'INVALID_CODE_FORMAT',
];

function decodeFields(value: unknown): Record<string, FieldErrorCode> | undefined {
  if (!isRecord(value)) return undefined;
  const fields: Record<string, FieldErrorCode> = {};
  for (const [name, code] of Object.entries(value)) {
    const known = FIELD_CODES.find((candidate) => candidate === code);
    if (known) fields[name] = known;
  }
  return Object.keys(fields).length > 0 ? fields : undefined;
}

/** Turns RTK Query's error (fetchBaseQuery's shape) into a serializable, known error. */
export function decodeRequestError(error: unknown): RequestError {
  if (!isRecord(error)) return { code: 'UNEXPECTED' };
  const { status, data } = error;
  if (status === 'FETCH_ERROR') return { code: 'NETWORK' };
  if (status === 'TIMEOUT_ERROR') return { code: 'TIMEOUT' };
  if (typeof status !== 'number') return { code: 'UNEXPECTED' };
  if (isRecord(data) && data.error === true && typeof data.code === 'string') {
    const fields = decodeFields(data.fields);
    const wait = data.retryAfterSeconds;
    return {
      code: data.code as ErrorCode,
      status,
      ...(fields ? { fields } : {}),
      ...(typeof wait === 'number' && wait > 0 ? { retryAfterSeconds: wait } : {}),
    };
  }
  return { code: status >= 500 ? 'INTERNAL' : 'UNEXPECTED', status };
}
