// Sending an activity log to support: their entries in the API's table (contract/endpoints.ts says what an entry
// holds), and their lines in the API reference. The entries join the table's type here.
import { defineEndpoints, type Summaries } from '../../contract/endpoints';

import { ActionLogFile, ActionLogUploadOk } from './schemas';

/** The largest activity log taken. */
export const ACTION_LOG_BODY_LIMIT = 2 * 1024 * 1024;

export const actionLogEndpoints = defineEndpoints({
  actionLogs: {
    method: 'POST',
    path: '/v1/api/action-logs',
    tag: 'support',
    session: 'optional',
    records: 'none',
    body: ActionLogFile,
    bodyLimit: ACTION_LOG_BODY_LIMIT,
    answers: { 201: ActionLogUploadOk },
    refusals: ['RATE_LIMITED'],
  },
});

/** Each endpoint's line in the API reference (the server's; the app leaves it out). */
export const actionLogSummaries: Summaries<typeof actionLogEndpoints> = {
  actionLogs: 'Send an activity log to support, and get a reference to quote',
};

type ActionLogEndpoints = typeof actionLogEndpoints;

declare module '../../contract/endpoints' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the entries join the table
  interface EndpointTable extends ActionLogEndpoints {}
}
