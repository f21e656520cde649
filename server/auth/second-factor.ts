// The second factor: an authenticator app's codes (TOTP, RFC 6238: SHA-1, six digits, 30 s), its
// secret encrypted at rest (AES-256-GCM under SECRET_KEY, or the deployment's own key outside
// production), and ten single-use recovery codes kept as SHA-256. A code is accepted within one
// step of the server's time (±30 s) and never for the same or an earlier step twice: the last
// accepted step is stored by a compare-and-set (repo/second-factors.ts), so two requests with one
// code cannot both pass.
import { createCipheriv, createDecipheriv, hash, randomBytes } from 'node:crypto';

import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';

import { RECOVERY_CODE_COUNT, recoveryCodeText, TOTP_DIGITS } from '../../contract/schemas';

const PERIOD = 30;

// Secrets at rest.

const keys = new WeakMap<FastifyInstance, Promise<Buffer>>();

/** The key that encrypts the secrets: SECRET_KEY, else the one migration 010 made. */
function keyOf(app: FastifyInstance): Promise<Buffer> {
  let key = keys.get(app);
  if (!key) {
    const configured = app.config.secretKey;
    key = configured
      ? Promise.resolve(configured)
      : app.db
          .selectFrom('server_secrets')
          .select('value')
          .where('name', '=', 'second-factor-key')
          .executeTakeFirstOrThrow()
          .then((row) => Buffer.from(row.value, 'base64url'));
    keys.set(app, key);
  }
  return key;
}

/** The stored form of a secret: `v1.` and base64url of IV, ciphertext and tag; the user is bound in. */
export async function encryptSecret(
  app: FastifyInstance,
  userId: string,
  secret: string,
): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await keyOf(app), iv);
  cipher.setAAD(Buffer.from(userId));
  const sealed = Buffer.concat([
    cipher.update(secret, 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return `v1.${Buffer.concat([iv, sealed]).toString('base64url')}`;
}

export async function decryptSecret(
  app: FastifyInstance,
  userId: string,
  stored: string,
): Promise<string> {
  const raw = Buffer.from(stored.slice('v1.'.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', await keyOf(app), raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([
    decipher.update(raw.subarray(12, raw.length - 16)),
    decipher.final(),
  ]).toString('utf8');
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
