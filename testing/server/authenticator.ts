// A software authenticator for the passkey tests: real WebAuthn ceremonies without a browser. It
// makes a P-256 key per credential (node:crypto), answers creation options with an attestation
// object of format `none` (CBOR) and authenticator data that carries the relying party's id hash,
// the flags (user present, user verified, attested credential) and a signature counter, and signs
// assertions over authenticator data and the hash of clientDataJSON, as a browser hands them over
// (RegistrationResponseJSON, AuthenticationResponseJSON). Everything a test may forge is an
// option: the origin, the relying party's id, the challenge, the counter, the user handle.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  /** The user handle of the options it was made for (base64url). */
  userHandle: string;
  counter: number;
}

/** What a test may change in one ceremony. */
export interface Forgery {
  origin?: string;
  rpId?: string;
  challenge?: string;
  /** The signature counter to send (by default the last one plus one). */
  counter?: number;
  /**
   * Registering: a credential this authenticator holds already (by its id) instead of a new one.
   * Signing: the credential id to send in place of the one that signed.
   */
  credentialId?: string;
  /** Leave the user-verified flag off. */
  unverified?: boolean;
  /** The user handle to send with a signature (`null`: none). */
  userHandle?: string | null;
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer) => data.toString('base64url');

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

/** The credential's public key as COSE (EC2, ES256, P-256). */
function coseKey(privateKey: KeyObject): Uint8Array {
  const jwk = privateKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]),
  );
}

export class SoftAuthenticator {
  private readonly credentials = new Map<string, Credential>();

  /** `origin` is the page's: PUBLIC_URL's origin for a true ceremony. */
  constructor(private readonly origin: string) {}

  private clientData(type: string, challenge: string, forgery: Forgery): Buffer {
    return Buffer.from(
      JSON.stringify({
        type,
        challenge: forgery.challenge ?? challenge,
        origin: forgery.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
  }

  private flags(forgery: Forgery, extra = 0): Buffer {
    return Buffer.from([UP | (forgery.unverified ? 0 : UV) | extra]);
  }

  /** A new credential for the creation options, as `navigator.credentials.create` answers. */
  register(
    options: PublicKeyCredentialCreationOptionsJSON,
    forgery: Forgery = {},
  ): RegistrationResponseJSON {
    const held = forgery.credentialId ? this.credentials.get(forgery.credentialId) : undefined;
    const privateKey =
      held?.privateKey ?? generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const id = held?.id ?? randomBytes(32);
    const counter = forgery.counter ?? 0;
    const credential: Credential = { id, privateKey, userHandle: options.user.id, counter };
    if (!held) this.credentials.set(b64url(id), credential);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(forgery.rpId ?? options.rp.id ?? ''),
      this.flags(forgery, AT),
      counterBytes(counter),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      id,
      Buffer.from(coseKey(privateKey)),
    ]);
    const attestation = new Map<string, string | Uint8Array | Map<string, string>>();
    attestation.set('fmt', 'none');
    attestation.set('attStmt', new Map<string, string>());
    attestation.set('authData', new Uint8Array(authData));
    const attestationObject = isoCBOR.encode(attestation);
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, forgery);
    return {
      id: b64url(id),
      rawId: b64url(id),
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(Buffer.from(attestationObject)),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      type: 'public-key',
    };
  }

  /** The ids of the credentials it holds (base64url). */
  credentialIds(): string[] {
    return [...this.credentials.keys()];
  }

  /**
   * A signature with the credential `credentialId` over the request options' challenge, as
   * `navigator.credentials.get` answers; its counter goes one up unless forged.
   */
  sign(
    options: PublicKeyCredentialRequestOptionsJSON,
    credentialId: string,
    forgery: Forgery = {},
  ): AuthenticationResponseJSON {
    const credential = this.credentials.get(credentialId);
    if (!credential) throw new Error('no such credential in this authenticator');
    const counter = forgery.counter ?? credential.counter + 1;
    credential.counter = counter;
    const authData = Buffer.concat([
      sha256(forgery.rpId ?? options.rpId ?? ''),
      this.flags(forgery),
      counterBytes(counter),
    ]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, forgery);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), {
      key: credential.privateKey,
      dsaEncoding: 'der',
    });
    const userHandle =
      forgery.userHandle === undefined ? credential.userHandle : forgery.userHandle;
    const sentId = forgery.credentialId ?? credentialId;
    return {
      id: sentId,
      rawId: sentId,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(userHandle === null ? {} : { userHandle }),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      type: 'public-key',
    };
  }
}
