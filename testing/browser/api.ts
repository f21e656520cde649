// The account API as the tests' back door: the outbox as a mailbox, and accounts made without a
// browser for tests that are about something else.
import * as OTPAuth from 'otpauth';

import type { OutboxMessage, SessionOk } from '../../contract/api';

async function call<T>(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(baseUrl + path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
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
  const deadline = Date.now() + 30_000;
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

const TOTP_STEP_MS = 30_000;
const totpStepNow = () => Math.floor(Date.now() / TOTP_STEP_MS);

/**
 * An authenticator app for `secret` (base32) on the real clock: the first code is the current
 * step's, each next one a later step's, since the server never takes a step twice; a code is
 * handed out once the server's window (one step either side of its clock) holds it.
 */
export function authenticatorFor(secret: string): () => Promise<string> {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
  let lastStep = -1;
  return async function nextCode() {
    const step = Math.max(totpStepNow(), lastStep + 1);
    while (step > totpStepNow() + 1) await new Promise((resolve) => setTimeout(resolve, 250));
    lastStep = step;
    return totp.generate({ timestamp: step * TOTP_STEP_MS });
  };
}

/** Turns the second factor on without a browser, as another device would. */
export async function secondFactorOn(baseUrl: string, token: string, password: string) {
  const { secret } = await call<{ secret: string }>(
    baseUrl,
    'POST',
    '/v1/api/user/totp/setup',
    { password },
    token,
  );
  const nextCode = authenticatorFor(secret);
  const { recoveryCodes } = await call<{ recoveryCodes: string[] }>(
    baseUrl,
    'POST',
    '/v1/api/user/totp/enable',
    { code: await nextCode() },
    token,
  );
  return { secret, nextCode, recoveryCodes };
}
