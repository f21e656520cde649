// The messages of the email change (contract/schemas.ts holds those the platform reads, and the
// fields they are made of). Every schema exported here is a named schema of the API reference
// (features/endpoints.server.ts hands them in).
import * as v from 'valibot';

import {
  code,
  confirmingCode,
  email,
  givenPassword,
  linkToken,
  PublicUser,
} from '../../contract/schemas';

export const ChangeEmailBody = v.object({
  password: v.optional(givenPassword),
  code: confirmingCode,
  newEmail: email,
});
export const ConfirmEmailChangeBody = v.object({ code, linkToken });
export const ConfirmEmailChangeOk = v.object({ error: v.literal(false), user: PublicUser });
/** The email change waiting for its code, if any; `expiresAt` (ISO-8601) is when its code ends. */
export const EmailChangeOk = v.object({
  error: v.literal(false),
  pending: v.nullable(v.object({ newEmail: v.string(), expiresAt: v.string() })),
});
export type EmailChangeOk = v.InferOutput<typeof EmailChangeOk>;
