// The second factor: an authenticator app's codes (TOTP, RFC 6238: SHA-1, six digits, 30 s), its
// secret sealed at rest under the key ring (./secrets.ts), and ten single-use recovery codes kept
// as SHA-256. A code is accepted within one step of the server's time (±30 s) and never for the
// same or an earlier step twice: the last accepted step is stored by a compare-and-set
// (repo/second-factors.ts), so two requests with one code cannot both pass.
import { hash, randomBytes } from 'node:crypto';

import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';

import { RECOVERY_CODE_COUNT, recoveryCodeText, TOTP_DIGITS } from '../../contract/schemas';
import { loadKeyRing, openSecret, sealSecret, type KeyRing } from './secrets';

const PERIOD = 30;

// Secrets at rest.

const rings = new WeakMap<FastifyInstance, Promise<KeyRing>>();

/** The ring that seals the secrets (./secrets.ts), read once per server. */
function ringOf(app: FastifyInstance): Promise<KeyRing> {
  let ring = rings.get(app);
  if (!ring) {
    ring = loadKeyRing(app.db, app.config.secretKeys);
    rings.set(app, ring);
  }
  return ring;
}

/** The stored form of a secret, sealed under the newest key; the user is bound in. */
export async function encryptSecret(
  app: FastifyInstance,
  userId: string,
  secret: string,
): Promise<string> {
  return sealSecret(await ringOf(app), userId, secret);
}

export async function decryptSecret(
  app: FastifyInstance,
  userId: string,
  stored: string,
): Promise<string> {
  return openSecret(await ringOf(app), userId, stored);
}

// Codes.

/** A new secret (160 bits, as RFC 4226 advises) and the URI an authenticator app takes. */
export function newTotpSecret(issuer: string, label: string) {
  return otpauthOf(issuer, label, new Secret({ size: 20 }).base32);
}

/** The base32 secret and the `otpauth://` URI that carries it to an authenticator app. */
export function otpauthOf(issuer: string, label: string, base32: string) {
  const secret = Secret.fromBase32(base32);
  const totp = new TOTP({ issuer, label, secret, digits: TOTP_DIGITS, period: PERIOD });
  return { secret: secret.base32, otpauthUri: totp.toString() };
}

/** The time step whose code `token` is, within one step of `nowMs`; null for a wrong code. */
export function totpStep(secret: string, token: string, nowMs: number): number | null {
  const delta = TOTP.validate({
    token: token.trim(),
    secret: Secret.fromBase32(secret),
    digits: TOTP_DIGITS,
    period: PERIOD,
    timestamp: nowMs,
    window: 1,
  });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp: nowMs }) + delta;
}

/** Whether the typed value is an authenticator's code rather than a recovery code. */
export function isTotpCode(value: string): boolean {
  return new RegExp(`^[0-9]{${TOTP_DIGITS}}$`).test(value.trim());
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** Ten recovery codes, 80 random bits each, as `abcd-efgh-ijkl-mnop`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(16)].map((byte) => BASE32[byte % 32]).join('');
    return chars.match(/.{4}/g)!.join('-');
  });
}

/** What is stored of a recovery code: SHA-256 of it without dashes, spaces or case. */
export function hashRecoveryCode(code: string): string {
  return hash('sha256', recoveryCodeText(code), 'hex');
}
