// The message of the account's deletion (contract/schemas.ts holds those the platform reads, and
// the fields they are made of). Every schema exported here is a named schema of the API reference
// (features/endpoints.server.ts hands them in).
import * as v from 'valibot';

import { confirmingCode, givenPassword } from '../../contract/schemas';

export const DeleteAccountBody = v.object({
  password: v.optional(givenPassword),
  code: confirmingCode,
});
