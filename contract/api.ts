// The account API, version 1: the types of its messages, read off their schemas in schemas.ts
// (one schema per message; this file only names their types), and its paths, from endpoints.ts.
import type * as v from 'valibot';

import type * as O from './operator';
import type * as S from './schemas';

export { API_PATHS, type ErrorCode } from './endpoints';

/** Why one field of a request was refused (the values of `fields` in a VALIDATION error). */
export type FieldErrorCode = (typeof S.FIELD_ERROR_CODES)[number];

export type PublicUser = v.InferOutput<typeof S.PublicUser>;
export type ErrorBody = v.InferOutput<typeof S.ErrorBody>;
export type SessionOk = v.InferOutput<typeof S.SessionOk>;
export type SecondFactorLogin = v.InferOutput<typeof S.SecondFactorLogin>;
export type PlainOk = v.InferOutput<typeof S.PlainOk>;
export type OutboxMessage = v.InferOutput<typeof S.OutboxMessage>;
export type PasskeyInfo = v.InferOutput<typeof S.PasskeyInfo>;
export type ConfirmOk = v.InferOutput<typeof S.ConfirmOk>;
export type OperatorUsersOk = v.InferOutput<typeof O.OperatorUsersOk>;
export type OperatorUserOk = v.InferOutput<typeof O.OperatorUserOk>;
export type OperatorEventsOk = v.InferOutput<typeof O.OperatorEventsOk>;
export type OperatorEndSessionsOk = v.InferOutput<typeof O.OperatorEndSessionsOk>;
export type OperatorUploadsOk = v.InferOutput<typeof O.OperatorUploadsOk>;
export type OperatorUploadOk = v.InferOutput<typeof O.OperatorUploadOk>;
