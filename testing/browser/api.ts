// The account API as the tests' back door: the outbox as a mailbox, and accounts made without a
// browser for tests that are about something else.
import type { OutboxMessage, SessionOk } from '../../contract/api';

async function call<T>(baseUrl: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(baseUrl + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as T & { error: boolean };
  if (!response.ok || answer.error) {
    throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  }
  return answer;
}

async function mailsTo(baseUrl: string, email: string): Promise<OutboxMessage[]> {
  const { messages } = await call<{ messages: OutboxMessage[] }>(baseUrl, 'GET', '/v1/dev/outbox');
  return messages.filter((message) => message.to === email);
}

/** The code of the `count`-th mail to `email` (mail leaves after the answer). */
export async function waitForCode(baseUrl: string, email: string, count = 1): Promise<string> {
  const { code } = await waitForMail(baseUrl, email, count);
  if (!code) throw new Error(`Mail #${count} to ${email} carries no code.`);
  return code;
}

export interface Account {
  name: string;
  email: string;
  password: string;
}

let accountCount = 0;

/** Credentials unique to this run, with a password that is not on any common list. */
export function newAccount(label: string): Account {
  accountCount += 1;
  const unique = `${label}-${process.pid}-${accountCount}-${Date.now().toString(36)}`;
  return {
    name: `Dara ${label}`,
    email: `${unique}@example.com`,
    password: `blue-Mango-${unique}-river`,
  };
}

/** The `count`-th mail to `email`, once it has left. */
export async function waitForMail(
  baseUrl: string,
  email: string,
  count: number,
): Promise<OutboxMessage> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = (await mailsTo(baseUrl, email))[count - 1];
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No mail #${count} for ${email}.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Whether `token` still opens a session (the verify endpoint's verdict). */
export async function tokenIsLive(baseUrl: string, token: string): Promise<boolean> {
  const response = await fetch(`${baseUrl}/v1/api/user/verify`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const answer = (await response.json()) as { error: boolean };
  return !answer.error;
}

/** Logs in without a browser: another device's session. */
export function logInByApi(baseUrl: string, email: string, password: string): Promise<SessionOk> {
  return call<SessionOk>(baseUrl, 'POST', '/v1/api/user/login', { email, password });
}

export async function loginStatus(baseUrl: string, email: string, password: string) {
  const response = await fetch(`${baseUrl}/v1/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

export async function signUpOnly(baseUrl: string, account: Account): Promise<void> {
  await call(baseUrl, 'POST', '/v1/api/user/signup', account);
  await waitForCode(baseUrl, account.email);
}

/** Signs up and activates; the answer holds the session token. */
export async function activatedAccount(baseUrl: string, account: Account): Promise<SessionOk> {
  await call(baseUrl, 'POST', '/v1/api/user/signup', account);
  const code = await waitForCode(baseUrl, account.email);
  return call<SessionOk>(baseUrl, 'POST', '/v1/api/user/verify-account', {
    email: account.email,
    code,
    password: account.password,
  });
}
