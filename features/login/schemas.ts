// The messages of signing in and the user's sessions (contract/schemas.ts holds those the platform
// reads, and the fields they are made of). Every schema exported here is a named schema of the API
// reference (features/endpoints.server.ts hands them in).
import * as v from 'valibot';

import {
  email,
  givenPassword,
  PublicUser,
  recoveryCode,
  exactlyOneOf,
  SessionOpenedBy,
  Signature,
  totpCode,
} from '../../contract/schemas';

export const LoginBody = v.object({ email, password: givenPassword });
/** The second step of a login: its ticket and a code, or a recovery code; exactly one of the two. */
export const LoginSecondFactorBody = exactlyOneOf(
  {
    ticket: givenPassword,
    code: v.optional(totpCode),
    recoveryCode: v.optional(recoveryCode),
  },
  'code',
  'recoveryCode',
);
export const VerifyOk = v.object({
  error: v.literal(false),
  user: PublicUser,
  signature: Signature,
});
export type VerifyOk = v.InferOutput<typeof VerifyOk>;
export const SessionInfo = v.object({
  id: v.string(),
  createdAt: v.string(),
  lastUsedAt: v.string(),
  userAgent: v.string(),
  current: v.boolean(),
  /**
   * How the session was opened. Optional: answers recorded in activity logs before it was sent
   * still read as the contract's.
   */
  openedBy: v.optional(SessionOpenedBy),
});
export type SessionInfo = v.InferOutput<typeof SessionInfo>;
export const SessionsOk = v.object({ error: v.literal(false), sessions: v.array(SessionInfo) });
export type SessionsOk = v.InferOutput<typeof SessionsOk>;
export const RevokeOthersOk = v.object({ error: v.literal(false), revoked: v.number() });
/** A session's public id in a path (never its token). */
export const SessionParams = v.object({ id: v.string() });
