// The messages of signing up and activating the account (contract/schemas.ts holds those the
// platform reads, and the fields they are made of). Every schema exported here is a named schema
// of the API reference (features/endpoints.server.ts hands them in).
import * as v from 'valibot';

import {
  code,
  email,
  givenPassword,
  linkToken,
  name,
  newPassword,
  exactlyOneOf,
} from '../../contract/schemas';

export const SignupBody = v.object({ name, email, password: newPassword });
/**
 * Activation: the code with a password chosen at sign-up (`password`), or the code's holder
 * choosing a new one instead (`newPassword`); exactly one of the two.
 */
export const VerifyAccountBody = exactlyOneOf(
  {
    email,
    code,
    password: v.optional(givenPassword),
    newPassword: v.optional(newPassword),
    linkToken,
  },
  'password',
  'newPassword',
);
export type VerifyAccountBody = v.InferOutput<typeof VerifyAccountBody>;
export const ResendActivationBody = v.object({ email });
export const SignupOk = v.object({ error: v.literal(false), email: v.string() });
export type SignupOk = v.InferOutput<typeof SignupOk>;
