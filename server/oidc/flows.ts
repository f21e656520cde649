// A provider flow's secrets and its rows (migration 020). The browser that starts a flow gets a
// random key in an HttpOnly, SameSite=Lax cookie; the flow's PKCE verifier and nonce are derived
// from that key and the flow's state, so the database keeps no secret of the flow (SHA-256 of the
// state and of the key only) and a callback from another browser cannot even be exchanged. Rows
// live in the database, so any server process may take the callback. Each step is taken once by
// a conditional update: the callback (`called_back_at`), then the handoff.
import { createHmac, randomBytes } from 'node:crypto';

import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';

import { hashSessionToken } from '../auth/secrets';
import type { Database, OidcFlowsTable, OidcIntent } from '../db/schema';
import type { ProviderIdentity } from './client';

/** A flow is valid this long from its start (state, nonce, PKCE verifier, cookie). */
export const FLOW_SECONDS = 10 * 60;
/** A handoff is valid this long from the callback. */
export const HANDOFF_SECONDS = 60;
export const FLOW_COOKIE = 'oidc_flow';
/** The cookie goes only to the provider endpoints. */
const COOKIE_PATH = '/v1/api/user/oidc';

/** 256 random bits, URL-safe: a state, a browser key, a handoff. */
export function newFlowSecret(): string {
  return randomBytes(32).toString('base64url');
}

export const hashFlowSecret = hashSessionToken;

/** The PKCE verifier and nonce of the flow `state` started by the browser holding `browserKey`. */
export function derivedSecrets(browserKey: string, state: string) {
  const derive = (label: string) =>
    createHmac('sha256', browserKey).update(`${label}:${state}`).digest('base64url');
  // 43 characters of the unreserved set: a valid PKCE verifier (RFC 7636: 43 to 128).
  return { codeVerifier: derive('pkce'), nonce: derive('nonce') };
}

/** The flow cookie's Set-Cookie value; `maxAge` 0 deletes it. */
export function flowCookie(value: string, maxAge: number, secure: boolean): string {
  return [
    `${FLOW_COOKIE}=${value}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${maxAge}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The flow cookie the request carries, if any (a hand-read header: one cookie of known form). */
export function flowCookieOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie ?? '';
  const match = new RegExp(`(?:^|;\\s*)${FLOW_COOKIE}=([A-Za-z0-9_-]{43})(?:;|$)`).exec(header);
  return match?.[1];
}

export interface NewFlow {
  stateHash: string;
  browserHash: string;
  providerId: string;
  intent: OidcIntent;
  returnTo: string | null;
  userId: string | null;
  sessionHash: string | null;
  expiresAt: number;
}

/** Flows that ended are the sweep's (server/maintenance/sweep.ts). */
export async function storeFlow(db: Kysely<Database>, flow: NewFlow) {
  await db
    .insertInto('oidc_flows')
    .values({
      state_hash: flow.stateHash,
      browser_hash: flow.browserHash,
      provider_id: flow.providerId,
      intent: flow.intent,
      return_to: flow.returnTo,
      user_id: flow.userId,
      session_hash: flow.sessionHash,
      expires_at: flow.expiresAt,
    })
    .execute();
}

/**
 * Takes the flow of `state` for its callback, once: the live flow of this provider that this
 * browser started and that has not been called back. Undefined otherwise (a replay, another
 * browser, an expired or unknown state): nothing changes then.
 */
export async function takeFlowForCallback(
  db: Kysely<Database>,
  args: { state: string; browserKey: string; providerId: string; now: number },
): Promise<OidcFlowsTable | undefined> {
  return db
    .updateTable('oidc_flows')
    .set({ called_back_at: args.now })
    .where('state_hash', '=', hashFlowSecret(args.state))
    .where('browser_hash', '=', hashFlowSecret(args.browserKey))
    .where('provider_id', '=', args.providerId)
    .where('called_back_at', 'is', null)
    .where('expires_at', '>', args.now)
    .returningAll()
    .executeTakeFirst();
}

/** Ends a flow (a connect or confirm decided at the callback, or a refusal). */
export async function endFlow(db: Kysely<Database>, stateHash: string) {
  await db.deleteFrom('oidc_flows').where('state_hash', '=', stateHash).execute();
}

/** Keeps the checked identity on the flow for the app's `complete`, under a handoff's hash. */
export async function storeHandoff(
  db: Kysely<Database>,
  stateHash: string,
  handoffHash: string,
  identity: ProviderIdentity,
  now: number,
) {
  await db
    .updateTable('oidc_flows')
    .set({
      handoff_hash: handoffHash,
      handoff_expires_at: now + HANDOFF_SECONDS,
      issuer: identity.issuer,
      subject: identity.subject,
      email: identity.email,
      email_verified: identity.emailVerified ? 1 : 0,
      name: identity.name,
    })
    .where('state_hash', '=', stateHash)
    .execute();
}

/**
 * Takes the flow of a handoff, once, within its 60 seconds, in the browser that started it (its
 * cookie): the flow row is deleted in the same statement, so of two requests one gets it.
 */
export async function takeHandoff(
  db: Kysely<Database>,
  args: { handoff: string; browserKey: string; now: number },
): Promise<OidcFlowsTable | undefined> {
  return db
    .deleteFrom('oidc_flows')
    .where('handoff_hash', '=', hashFlowSecret(args.handoff))
    .where('browser_hash', '=', hashFlowSecret(args.browserKey))
    .where('handoff_expires_at', '>', args.now)
    .returningAll()
    .executeTakeFirst();
}
