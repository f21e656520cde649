// Passkeys, and signing in with one: their entries in the API's table (contract/endpoints.ts says what an entry
// holds), and their lines in the API reference. The entries join the table's type here.
import { defineEndpoints, type Summaries } from '../../contract/endpoints';
import * as S from '../../contract/schemas';

import {
  AddPasskeyBody,
  PasskeyLoginBody,
  PasskeyOk,
  PasskeyParams,
  PasskeysOk,
  RemovePasskeyBody,
  RenamePasskeyBody,
} from './schemas';

export const passkeyEndpoints = defineEndpoints({
  passkeyRegistrationOptions: {
    method: 'POST',
    path: '/v1/api/user/passkeys/registration-options',
    tag: 'passkeys',
    session: 'required',
    records: 'refusals',
    confirmation: {},
    answers: { 200: S.PasskeyOptionsOk },
    refusals: ['PASSKEY_LIMIT', 'RATE_LIMITED'],
  },
  addPasskey: {
    method: 'POST',
    path: '/v1/api/user/passkeys',
    tag: 'passkeys',
    session: 'required',
    records: 'all',
    body: AddPasskeyBody,
    secret: ['response'],
    confirmation: {},
    answers: { 201: PasskeyOk },
    refusals: ['INVALID_CREDENTIAL', 'PASSKEY_LIMIT', 'RATE_LIMITED'],
    form: 'addPasskey',
  },
  passkeys: {
    method: 'GET',
    path: '/v1/api/user/passkeys',
    tag: 'passkeys',
    session: 'required',
    records: 'none',
    answers: { 200: PasskeysOk },
    refusals: [],
  },
  renamePasskey: {
    method: 'PATCH',
    path: '/v1/api/user/passkeys/:id',
    tag: 'passkeys',
    session: 'required',
    records: 'all',
    params: PasskeyParams,
    body: RenamePasskeyBody,
    answers: { 200: PasskeyOk },
    refusals: ['NOT_FOUND'],
    form: 'renamePasskey',
  },
  removePasskey: {
    method: 'DELETE',
    path: '/v1/api/user/passkeys/:id',
    tag: 'passkeys',
    session: 'required',
    records: 'all',
    params: PasskeyParams,
    body: RemovePasskeyBody,
    secret: ['password', 'code'],
    confirmation: { password: 'password' },
    answers: { 200: S.PlainOk },
    refusals: ['NOT_FOUND', 'RATE_LIMITED'],
    form: 'removePasskey',
  },
  passkeyLoginOptions: {
    method: 'POST',
    path: '/v1/api/user/passkey-login/options',
    tag: 'session',
    session: 'none',
    records: 'refusals',
    answers: { 200: S.PasskeyOptionsOk },
    refusals: ['RATE_LIMITED'],
  },
  passkeyLogin: {
    method: 'POST',
    path: '/v1/api/user/passkey-login',
    tag: 'session',
    session: 'none',
    records: 'all',
    body: PasskeyLoginBody,
    secret: ['response'],
    signsIn: true,
    answers: { 200: S.LoginOk },
    refusals: ['INVALID_CREDENTIAL', 'UNKNOWN_CREDENTIAL', 'RATE_LIMITED'],
  },
});

/** Each endpoint's line in the API reference (the server's; the app leaves it out). */
export const passkeySummaries: Summaries<typeof passkeyEndpoints> = {
  passkeyRegistrationOptions:
    'WebAuthn creation options for a new passkey of the user (a confirmation first): single use, five minutes, for this session only',
  addPasskey:
    "Add a passkey: the browser's answer to the creation options (@simplewebauthn/browser's RegistrationResponseJSON) and a name; a notice is mailed",
  passkeys: "List the user's passkeys, newest first",
  renamePasskey: "Rename one of the user's passkeys",
  removePasskey:
    "Remove one of the user's passkeys (a confirmation, or the password in the body); a notice is mailed",
  passkeyLoginOptions:
    'WebAuthn request options for signing in with a passkey (discoverable credentials, also for autofill): single use, five minutes',
  passkeyLogin:
    "Sign in with a passkey: its signature over the request options' challenge (@simplewebauthn/browser's AuthenticationResponseJSON); no second factor is asked",
};

type PasskeyEndpoints = typeof passkeyEndpoints;

declare module '../../contract/endpoints' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the entries join the table
  interface EndpointTable extends PasskeyEndpoints {}
}
