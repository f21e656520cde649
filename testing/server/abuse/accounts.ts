// Accounts for a test or an attack to aim at, made through the API like a visitor would.
import { API_PATHS } from '../../../contract/api';
import type { ApiClient } from '../client';

/** Any client of the API that can read the mail it caused (in-process, or from an address). */
type VisitorClient = Pick<ApiClient, 'post' | 'waitForMail'>;

export const OWNER_PASSWORD = 'the owner knows this one';
let counter = 0;

export function uniqueEmail(label: string): string {
  return `${label}-${++counter}-${Date.now()}@example.com`;
}

/** The Authorization header of a session token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Signs up and returns the emailed code (the account stays pending). */
export async function pendingAccount(
  client: VisitorClient,
  email: string,
  password = OWNER_PASSWORD,
): Promise<string> {
  const answer = await client.post(API_PATHS.signup, { name: 'Owner', email, password });
  if (answer.status !== 201) throw new Error(`sign-up answered ${answer.status}`);
  return (await client.waitForMail(email, 1)).code as string;
}

/** Signs up and activates with the mailed code; returns the session activation opened. */
export async function activatedSession(
  client: VisitorClient,
  email: string,
  password = OWNER_PASSWORD,
): Promise<{ token: string; userId: string }> {
  const code = await pendingAccount(client, email, password);
  const answer = await client.post(API_PATHS.verifyAccount, { email, code, password });
  if (answer.status !== 200) throw new Error(`activation answered ${answer.status}`);
  return { token: answer.body.token as string, userId: (answer.body.user as { id: string }).id };
}

/** Signs up and activates with the mailed code; returns the session token activation gave. */
export async function activatedAccount(
  client: VisitorClient,
  email: string,
  password = OWNER_PASSWORD,
): Promise<string> {
  return (await activatedSession(client, email, password)).token;
}

/**
 * Confirms the session with the password (POST confirm): for ten minutes it may add a passkey,
 * change the password, and the rest that asks for a confirmation.
 */
export async function confirmSession(
  client: Pick<ApiClient, 'post'>,
  token: string,
  password = OWNER_PASSWORD,
): Promise<void> {
  const answer = await client.post(API_PATHS.confirm, { password }, bearer(token));
  if (answer.status !== 200) throw new Error(`confirm answered ${answer.status}`);
}

/**
 * Turns the second factor on for the session `token`: the setup with the password in its body,
 * then the first code, `codeAt` of the key. Returns the key (base32) and the recovery codes.
 */
export async function secondFactorTurnedOn(
  client: Pick<ApiClient, 'post'>,
  token: string,
  codeAt: (secret: string) => string,
  password = OWNER_PASSWORD,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await client.post(API_PATHS.startSecondFactor, { password }, bearer(token));
  if (started.status !== 200) throw new Error(`two-step setup answered ${started.status}`);
  const secret = started.body.secret as string;
  const on = await client.post(
    API_PATHS.confirmSecondFactor,
    { code: codeAt(secret) },
    bearer(token),
  );
  if (on.status !== 200) throw new Error(`two-step first code answered ${on.status}`);
  return { secret, recoveryCodes: on.body.recoveryCodes as string[] };
}

/** A six-digit code that is not `code`. */
export function wrongCode(code: string, offset = 1): string {
  return String((Number(code) + offset) % 1_000_000).padStart(6, '0');
}
