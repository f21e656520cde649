// The account API, version 1: its paths, and the types of its messages, read off their schemas
// in schemas.ts (one schema per message; this file only names their types).
import type * as v from 'valibot';

import type * as S from './schemas';

export const API_PATHS = {
  verify: '/v1/api/user/verify',
  signup: '/v1/api/user/signup',
  verifyAccount: '/v1/api/user/verify-account',
  resendActivation: '/v1/api/user/resend-activation',
  login: '/v1/api/user/login',
  logout: '/v1/api/user/logout',
  requestPasswordReset: '/v1/api/user/request-password-reset',
  resetPassword: '/v1/api/user/reset-password',
  changePassword: '/v1/api/user/change-password',
  changeEmail: '/v1/api/user/change-email',
  confirmEmailChange: '/v1/api/user/confirm-email-change',
  /** GET: the pending email change; DELETE: cancels it. */
  emailChange: '/v1/api/user/email-change',
  resendEmailChange: '/v1/api/user/email-change/resend',
  deleteAccount: '/v1/api/user/delete-account',
  sessions: '/v1/api/user/sessions',
  revokeOtherSessions: '/v1/api/user/sessions/revoke-others',
  /** DELETE `${sessions}/:id` */
  session: '/v1/api/user/sessions/:id',
  actionLogs: '/v1/api/action-logs',
  outbox: '/v1/dev/outbox',
  health: '/healthz',
} as const;

export type ErrorCode = (typeof S.ERROR_CODES)[number];

/** Why one field of a request was refused (the values of `fields` in a VALIDATION error). */
export type FieldErrorCode = (typeof S.FIELD_ERROR_CODES)[number];

export type PublicUser = v.InferOutput<typeof S.PublicUser>;
export type ErrorBody = v.InferOutput<typeof S.ErrorBody>;
export type VerifyOk = v.InferOutput<typeof S.VerifyOk>;
export type SessionOk = v.InferOutput<typeof S.SessionOk>;
export type SignupOk = v.InferOutput<typeof S.SignupOk>;
export type VerifyAccountBody = v.InferOutput<typeof S.VerifyAccountBody>;
export type PlainOk = v.InferOutput<typeof S.PlainOk>;
export type OutboxMessage = v.InferOutput<typeof S.OutboxMessage>;
export type EmailChangeOk = v.InferOutput<typeof S.EmailChangeOk>;
export type SessionInfo = v.InferOutput<typeof S.SessionInfo>;
export type SessionsOk = v.InferOutput<typeof S.SessionsOk>;
export type ActionLogUploadOk = v.InferOutput<typeof S.ActionLogUploadOk>;
