// The messages of an activity log sent to support (contract/schemas.ts holds those the platform
// reads). Every schema exported here is a named schema of the API reference
// (features/endpoints.server.ts hands them in).
import * as v from 'valibot';

/**
 * An activity log sent to support: the action-log file (contract/action-log.ts, the Redux DevTools
 * export shape), checked and decoded by the one schema the replay reads files with.
 */
export { ActionLogFileSchema as ActionLogFile } from '../../contract/action-log';
export const ActionLogUploadOk = v.object({ error: v.literal(false), reference: v.string() });
export type ActionLogUploadOk = v.InferOutput<typeof ActionLogUploadOk>;
