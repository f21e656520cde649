// Accounts for the provider tests: one with a password, made through the API.
import { activatedSession, confirmSession, uniqueEmail } from '../server/abuse/accounts';
import type { ApiClient } from '../server/client';

let counter = 0;

/** A subject at the test provider no other test uses. */
export function newSubject(label: string): string {
  return `${label}-${(counter += 1)}-${Date.now()}`;
}

/** An activated account with a password, its session confirmed (it may connect a provider). */
export async function confirmedAccount(api: ApiClient, label: string) {
  const email = uniqueEmail(label);
  const { token, userId } = await activatedSession(api, email);
  await confirmSession(api, token);
  return { email, token, userId };
}
