// The relying party of the passkeys (WebAuthn, through @simplewebauthn/server): its id and the
// origin it expects come from PUBLIC_URL (its host name, and its scheme, host and port), so a
// signature made for another site, or through another origin, is refused. Options ask for a
// discoverable credential with user verification, and no attestation. A passkey checked here is
// two factors at once (checkPasskey says where that is decided).
import { randomBytes } from 'node:crypto';

import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import type { FastifyInstance } from 'fastify';

import type { PasskeyRow } from './passkey-queries';
import { CHALLENGE_SECONDS, findPasskeyByCredentialId, takeChallenge } from './passkey-queries';

/** The relying party's id (PUBLIC_URL's host name) and the origin its ceremonies must come from. */
export function relyingParty(app: FastifyInstance): { id: string; origin: string } {
  const url = new URL(app.link('/'));
  return { id: url.hostname, origin: url.origin };
}

/** A new challenge: 32 random bytes (the options carry them as base64url). */
function newChallenge(): Uint8Array<ArrayBuffer> {
  return new Uint8Array(randomBytes(32));
}

/** WebAuthn's transports (AuthenticatorTransportFuture). */
const TRANSPORTS = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

/** The user handle a passkey of this account carries: the account's id, never its email. */
export function userHandleOf(userId: string): string {
  return Buffer.from(userId, 'utf8').toString('base64url');
}

function transportsOf(row: Pick<PasskeyRow, 'transports'>): string[] {
  const parsed: unknown = JSON.parse(row.transports);
  return Array.isArray(parsed) ? parsed.filter((item) => typeof item === 'string') : [];
}

/** Creation options for a new passkey of `user`; its other passkeys are left out (excluded). */
export function registrationOptions(
  app: FastifyInstance,
  user: { id: string; name: string; email: string },
  existing: Pick<PasskeyRow, 'credential_id' | 'transports'>[],
) {
  return generateRegistrationOptions({
    rpName: app.config.mail.appName,
    rpID: relyingParty(app).id,
    userName: user.email,
    userDisplayName: user.name,
    userID: new Uint8Array(Buffer.from(user.id, 'utf8')),
    challenge: newChallenge(),
    timeout: CHALLENGE_SECONDS * 1000,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({
      id: row.credential_id,
      transports: transportsOf(row),
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
}

/** Request options for a sign-in with any discoverable passkey of this site (also autofill). */
export function loginOptions(app: FastifyInstance) {
  return generateAuthenticationOptions({
    rpID: relyingParty(app).id,
    challenge: newChallenge(),
    timeout: CHALLENGE_SECONDS * 1000,
    userVerification: 'required',
  });
}

/** Request options for confirming it is you with one of `held`, the account's own passkeys. */
export function confirmationOptions(
  app: FastifyInstance,
  held: Pick<PasskeyRow, 'credential_id' | 'transports'>[],
) {
  return generateAuthenticationOptions({
    rpID: relyingParty(app).id,
    challenge: newChallenge(),
    timeout: CHALLENGE_SECONDS * 1000,
    userVerification: 'required',
    allowCredentials: held.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
  });
}

/**
 * The challenge a browser's answer says it signed (inside its clientDataJSON), unchecked: the
 * key to look its options up by. Undefined when the answer carries none.
 */
export function claimedChallenge(clientDataJSON: string): string | undefined {
  try {
    const { challenge } = decodeClientDataJSON(clientDataJSON);
    return typeof challenge === 'string' && challenge !== '' ? challenge : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Checks a new passkey: its answer to `challenge` (taken already), from this site's origin, for
 * this relying party, with the user present and verified. The credential, or undefined for a
 * failed ceremony; why it failed is not said (the library's messages quote the challenge).
 */
export async function verifiedRegistration(
  app: FastifyInstance,
  response: RegistrationResponseJSON,
  challenge: string,
) {
  const { id, origin } = relyingParty(app);
  try {
    const verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: id,
      requireUserVerification: true,
    });
    if (!verification.verified) return undefined;
    const info = verification.registrationInfo;
    return {
      credentialId: info.credential.id,
      publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
      counter: info.credential.counter,
      // The browser's own words, stored and sent back in later options: only the known ones.
      transports: (info.credential.transports ?? response.response.transports ?? []).filter(
        (transport) => TRANSPORTS.has(transport),
      ),
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
    };
  } catch {
    return undefined;
  }
}

/**
 * Checks a sign-in's signature: by `passkey`'s key, over `challenge` (taken already), from this
 * site's origin, for this relying party, user present and verified, and a signature counter that
 * went forward (one that stays at 0 is an authenticator that keeps none). The counter and backup
 * state to store, or undefined for a failed ceremony.
 */
export async function verifiedAuthentication(
  app: FastifyInstance,
  response: AuthenticationResponseJSON,
  challenge: string,
  passkey: PasskeyRow,
) {
  const { id, origin } = relyingParty(app);
  try {
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: id,
      requireUserVerification: true,
      credential: {
        id: passkey.credential_id,
        publicKey: isoBase64URL.toBuffer(passkey.public_key),
        counter: passkey.counter,
        transports: transportsOf(passkey),
      },
    });
    if (!verification.verified) return undefined;
    const info = verification.authenticationInfo;
    return { newCounter: info.newCounter, backedUp: info.credentialBackedUp };
  } catch {
    return undefined;
  }
}

/** What a checked signature lets its caller store: the passkey's use, with its new counter. */
export interface PasskeyUse {
  id: string;
  checkedCounter: number;
  newCounter: number;
  backedUp: boolean;
  now: number;
}

/**
 * A passkey's signature, checked end to end: its challenge taken once (for `purpose`, and for the
 * session that asked, when one did), the passkey found by its credential id and its account
 * matched (the session's, and the authenticator's user handle when it names one), then the
 * signature itself. A passkey that passes is something held and its user verified by the
 * authenticator: two factors at once, so nothing that accepts one asks for a second factor after
 * it (the sign-in and the confirmation alike). `UNKNOWN_CREDENTIAL` is a credential id this server
 * never stored; every other refusal is `INVALID_CREDENTIAL`.
 */
export async function checkPasskey(
  app: FastifyInstance,
  response: AuthenticationResponseJSON,
  purpose: 'login' | 'confirmation',
  session?: { userId: string; tokenHash: string },
): Promise<{ passkey: PasskeyRow; use: PasskeyUse } | 'UNKNOWN_CREDENTIAL' | 'INVALID_CREDENTIAL'> {
  const { db, clock } = app;
  const challenge = claimedChallenge(response.response.clientDataJSON);
  const now = clock.nowSeconds();
  if (!challenge || !(await takeChallenge(db, challenge, purpose, now, session))) {
    return 'INVALID_CREDENTIAL';
  }
  const passkey = await findPasskeyByCredentialId(db, response.id);
  if (!passkey) return 'UNKNOWN_CREDENTIAL';
  const { userHandle } = response.response;
  if (
    (session && passkey.user_id !== session.userId) ||
    (userHandle !== undefined && userHandle !== userHandleOf(passkey.user_id))
  ) {
    return 'INVALID_CREDENTIAL';
  }
  const checked = await verifiedAuthentication(app, response, challenge, passkey);
  if (!checked) return 'INVALID_CREDENTIAL';
  return { passkey, use: { id: passkey.id, checkedCounter: passkey.counter, now, ...checked } };
}
