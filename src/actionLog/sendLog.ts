// Sends the activity log to support (POST /v1/api/action-logs) and reads the answer through the
// contract's schemas: the reference to quote, or a known error (with Retry-After for a 429).
// Loaded on the first send (installActionLogGlobal.ts), not with the page: few visits send a log.
import * as v from 'valibot';

import { API_PATHS } from '../../contract/api';
import { ActionLogUploadOk, ErrorAnswerAsRead } from '../../contract/schemas';
import { API_BASE_URL, HTTP_TIMEOUT_MS, STORAGE_KEYS } from '../../store/constants';

import { SendLogError } from './sendLogError';

/** The server's cap (docs/openapi.json): a bigger log is refused here, without sending it. */
export const ACTION_LOG_MAX_BYTES = 2 * 1024 * 1024;

/** The stored session token, if any; a storage that throws means none. */
export function storedToken(window: Window): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.token) || null;
  } catch {
    return null;
  }
}

export interface SendOptions {
  token?: string | null;
  fetchFn?: typeof fetch;
  baseUrl?: string;
}

/** Uploads the log's text; resolves to the reference, rejects with a SendLogError. */
export async function sendActivityLog(text: string, options: SendOptions = {}): Promise<string> {
  if (new Blob([text]).size > ACTION_LOG_MAX_BYTES) {
    throw new SendLogError({ code: 'PAYLOAD_TOO_LARGE' });
  }
  const baseUrl = options.baseUrl ?? (API_BASE_URL || location.origin);
  const fetchFn = options.fetchFn ?? ((input, init) => fetch(input, init));
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), HTTP_TIMEOUT_MS);
  let response: Response;
  let body: unknown;
  try {
    response = await fetchFn(baseUrl + API_PATHS.actionLogs, {
      method: 'POST',
      headers,
      body: text,
      signal: controller.signal,
    });
    body = await response.json().catch(() => undefined);
  } catch {
    throw new SendLogError({ code: controller.signal.aborted ? 'TIMEOUT' : 'NETWORK' });
  } finally {
    clearTimeout(timer);
  }

  const sent = v.safeParse(ActionLogUploadOk, body);
  if (response.ok && sent.success) return sent.output.reference;
  const { status } = response;
  const refusal = v.safeParse(ErrorAnswerAsRead, body);
  if (!refusal.success) {
    throw new SendLogError({ code: status >= 500 ? 'INTERNAL' : 'UNEXPECTED', status });
  }
  const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
  throw new SendLogError({
    code: refusal.output.code,
    status,
    ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
  });
}
