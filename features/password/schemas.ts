// The messages of the password's reset and change (contract/schemas.ts holds those the platform
// reads, and the fields they are made of). Every schema exported here is a named schema of the API
// reference (features/endpoints.server.ts hands them in).
import * as v from 'valibot';

import {
  code,
  confirmingCode,
  email,
  givenPassword,
  linkToken,
  newPassword,
  REFERENCE,
} from '../../contract/schemas';

export const RequestPasswordResetBody = v.object({ email });
export const ResetPasswordBody = v.object({ email, code, password: newPassword, linkToken });
// A sensitive change takes the session's confirmation (POST confirm), or the password (and the
// code where two-step sign-in is on) in its own body, as before confirmations existed.
export const ChangePasswordBody = v.pipe(
  v.object({ currentPassword: v.optional(givenPassword), newPassword, code: confirmingCode }),
  v.forward(
    v.check((body) => body.newPassword !== body.currentPassword, 'SAME_PASSWORD'),
    ['newPassword'],
  ),
  v.description(
    REFERENCE
      ? '`newPassword` differs from the current password (SAME_PASSWORD otherwise). Without `currentPassword`, the session must be confirmed.'
      : '',
  ),
);
