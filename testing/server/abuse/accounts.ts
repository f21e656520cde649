// Accounts for an attack to aim at, made through the API like a visitor would.
import { API_PATHS } from '../../../contract/api';
import type { AddressClient } from './fromAddress';

export const OWNER_PASSWORD = 'the owner knows this one';
let counter = 0;

export function uniqueEmail(label: string): string {
  return `${label}-${++counter}-${Date.now()}@example.com`;
}

/** Signs up and returns the emailed code (the account stays pending). */
export async function pendingAccount(client: AddressClient, email: string): Promise<string> {
  const answer = await client.post(API_PATHS.signup, {
    name: 'Owner',
    email,
    password: OWNER_PASSWORD,
  });
  if (answer.status !== 201) throw new Error(`sign-up answered ${answer.status}`);
  return (await client.waitForMail(email, 1)).code as string;
}

export async function activatedAccount(client: AddressClient, email: string): Promise<void> {
  const code = await pendingAccount(client, email);
  const answer = await client.post(API_PATHS.verifyAccount, {
    email,
    code,
    password: OWNER_PASSWORD,
  });
  if (answer.status !== 200) throw new Error(`activation answered ${answer.status}`);
}

/** A six-digit code that is not `code`. */
export function wrongCode(code: string, offset = 1): string {
  return String((Number(code) + offset) % 1_000_000).padStart(6, '0');
}
