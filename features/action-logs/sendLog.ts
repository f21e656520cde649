// Sends the activity log to support through the app's one API: the upload is the endpoint table's
// `actionLogs` entry, injected here, in the chunk loaded on the first send
// (installActionLogGlobal.ts), not with the page: few visits send a log. Its answer is read like
// any other: the reference to quote, or a known error (with Retry-After for a 429).
import { api, decodeRequestError, requestOf, UNTRACKED } from '../../store/apiSlice';
import type { AppStore } from '../../store/store';

import { ACTION_LOG_BODY_LIMIT, actionLogEndpoints } from './endpoints';
import { SendLogError } from './sendLogError';

const uploads = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Arg: the exported file, sent as it is. A Blob, not the text: the action log keeps plain data
     * only, so the upload's actions do not carry the whole log inside the log.
     */
    actionLogs: build.mutation<{ reference: string }, Blob>({
      query: (file) => requestOf(actionLogEndpoints.actionLogs, file),
      responseSchema: actionLogEndpoints.actionLogs.answers[201],
    }),
  }),
});

/** Uploads the log's text; resolves to the reference, rejects with a SendLogError. */
export async function sendActivityLog(
  store: Pick<AppStore, 'dispatch'>,
  text: string,
): Promise<string> {
  const file = new Blob([text], { type: 'application/json' });
  // The server's cap: a bigger log is refused here, without sending it.
  if (file.size > ACTION_LOG_BODY_LIMIT) throw new SendLogError({ code: 'PAYLOAD_TOO_LARGE' });
  const result = await store.dispatch(uploads.endpoints.actionLogs.initiate(file, UNTRACKED));
  if (result.data) return result.data.reference;
  throw new SendLogError(decodeRequestError(result.error));
}
