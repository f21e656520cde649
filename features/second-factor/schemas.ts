// The messages of the second factor (contract/schemas.ts holds those the platform reads, and the
// fields they are made of). Every schema exported here is a named schema of the API reference
// (features/endpoints.server.ts hands them in).
import * as v from 'valibot';

import { confirmingCode, givenPassword, totpCode } from '../../contract/schemas';

export const StartSecondFactorBody = v.object({
  password: v.optional(givenPassword),
  code: confirmingCode,
});
export const ConfirmSecondFactorBody = v.object({ code: totpCode });
export const RenewRecoveryCodesBody = v.object({
  password: v.optional(givenPassword),
  code: confirmingCode,
});
export const DisableSecondFactorBody = v.object({
  password: v.optional(givenPassword),
  code: confirmingCode,
});
/** A second factor being set up: the authenticator app takes the URI (as a QR code) or the secret. */
export const SecondFactorSetupOk = v.object({
  error: v.literal(false),
  otpauthUri: v.string(),
  secret: v.string(),
});
/** Recovery codes, shown once: each signs in once in place of a code. */
export const RecoveryCodesOk = v.object({
  error: v.literal(false),
  recoveryCodes: v.array(v.string()),
});
export const SecondFactorStatusOk = v.object({
  error: v.literal(false),
  enabled: v.boolean(),
  recoveryCodesLeft: v.number(),
});
