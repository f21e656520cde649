// The messages of the user's passkeys and the passkey sign-in (contract/schemas.ts holds those the
// platform reads, the options and a passkey's line among them, and the fields they are made of).
// Every schema exported here is a named schema of the API reference (features/endpoints.server.ts
// hands them in).
import * as v from 'valibot';

import {
  confirmingCode,
  credentialResponse,
  givenPassword,
  name,
  PasskeyInfo,
} from '../../contract/schemas';

export const AddPasskeyBody = v.object({ response: credentialResponse, name });
export const RenamePasskeyBody = v.object({ name });
export const RemovePasskeyBody = v.object({
  password: v.optional(givenPassword),
  code: confirmingCode,
});
export const PasskeyLoginBody = v.object({ response: credentialResponse });
export const PasskeyOk = v.object({ error: v.literal(false), passkey: PasskeyInfo });
export const PasskeysOk = v.object({ error: v.literal(false), passkeys: v.array(PasskeyInfo) });
/** A passkey's public id in a path (never its credential id). */
export const PasskeyParams = v.object({ id: v.string() });
