// `replay.html?upload=REF`: the upload support typed in the console, read through the operator API
// with this browser's session (the token the app stores), so opening a visitor's log needs a
// browser and an operator's account, not the database.
import { useEffect, useState } from 'react';
import * as v from 'valibot';

import { decodeLog, type DecodedLog } from '../../contract/action-log';
import { OperatorUploadOk } from '../../contract/operator';
import { ErrorAnswerAsRead } from '../../contract/schemas';
import { operatorEndpoints } from '../../features/operator/endpoints';
import { API_BASE_URL, STORAGE_KEYS } from '../../store/constants';

/** Why an upload did not open, each said in words by the page. */
export type UploadFailure = 'signIn' | 'confirm' | 'forbidden' | 'notFound' | 'failed';

export type UploadLoad =
  | { status: 'idle' | 'loading' | 'opened' }
  | { status: 'failed'; failure: UploadFailure }
  | { status: 'unreadable'; reason: string };

function storedToken(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.token);
  } catch {
    return null;
  }
}

/** The failure an answer's status and code say. */
export function uploadFailureOf(status: number, code: string | undefined): UploadFailure {
  if (status === 401) return 'signIn';
  if (code === 'CONFIRMATION_REQUIRED') return 'confirm';
  if (code === 'FORBIDDEN') return 'forbidden';
  if (status === 404) return 'notFound';
  return 'failed';
}

async function fetchUpload(
  reference: string,
  signal: AbortSignal,
): Promise<{ failure: UploadFailure } | { log: string; reference: string }> {
  const token = storedToken();
  if (!token) return { failure: 'signIn' };
  const path = operatorEndpoints.operatorUpload.path.replace(':id', encodeURIComponent(reference));
  const base = API_BASE_URL || window.location.origin;
  const response = await fetch(new URL(path, base), {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    signal,
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const refusal = v.safeParse(ErrorAnswerAsRead, body);
    return {
      failure: uploadFailureOf(response.status, refusal.success ? refusal.output.code : undefined),
    };
  }
  const answer = v.safeParse(OperatorUploadOk, body);
  if (!answer.success) return { failure: 'failed' };
  return { log: answer.output.log, reference: answer.output.reference };
}

/** Loads `reference` once per attempt; `retry` asks again. */
export function useOperatorUpload(
  reference: string | undefined,
  onOpen: (log: DecodedLog, name: string) => void,
): { load: UploadLoad; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<UploadLoad>({ status: reference ? 'loading' : 'idle' });
  // "Try again" shows the wait at once, as the first load does.
  const retry = () => {
    setLoad({ status: 'loading' });
    setAttempt((n) => n + 1);
  };
  useEffect(() => {
    if (!reference) return;
    const abort = new AbortController();
    void (async () => {
      try {
        const got = await fetchUpload(reference, abort.signal);
        if (abort.signal.aborted) return;
        if ('failure' in got) {
          setLoad({ status: 'failed', failure: got.failure });
          return;
        }
        try {
          onOpen(decodeLog(got.log), `${got.reference}.json`);
          setLoad({ status: 'opened' });
        } catch (reason) {
          setLoad({
            status: 'unreadable',
            reason: reason instanceof Error ? reason.message : String(reason),
          });
        }
      } catch {
        if (!abort.signal.aborted) setLoad({ status: 'failed', failure: 'failed' });
      }
    })();
    return () => abort.abort();
    // Once per reference and attempt: the callback only sets state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reference, attempt]);
  return { load, retry };
}
