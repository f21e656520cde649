// The bearer session of a request. `request.session` is the live session its
// `Authorization: Bearer …` token stands for, or null. Routes never read the header themselves: the
// endpoint table's `session` puts `requireSession` (refuses a request without a live session with
// 401 INVALID_TOKEN) or `readSession` (reads it and lets a guest through) before the handler
// (../http/endpoints.ts). A route that lets someone in (login, activation, a password reset, a
// second step, a passkey) answers what `openSession` stores in its transaction.
import { randomBytes } from 'node:crypto';

import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import type { Transaction } from 'kysely';

import type { SecondFactorLogin, SessionOk } from '../../contract/api';
import { describeDevice } from '../../contract/device';
import { printable } from '../../contract/printable';
import type { Database, SessionOpener } from '../db/schema';
import { newDeviceMail } from '../mail/account-messages';
import { mailChangeNotice } from '../mail/change-notice';
import { noteDevice } from '../repo/known-devices';
import { refuseLocked } from './lock';
import { createPendingLogin } from './pending-logins';
import { secondFactorOn } from './second-factor-queries';
import { hashSessionToken, newSessionToken } from './secrets';
import type { FoundSession } from './session-queries';
import { toPublicUser, type UserRow } from './users';

/** A live session: whose it is, its key, and its times (Unix seconds). */
export interface Session {
  userId: string;
  /** The signed-in user as stored (`toPublicUser` makes the answer's user of it). */
  user: Pick<FoundSession, 'id' | 'name' | 'email' | 'created_at'>;
  /** SHA-256 of the token, the session's key in the database. */
  tokenHash: string;
  expiresAt: number;
  lastUsedAt: number;
  /** Where PostgreSQL read the session's row, for the write of its use (repo/session-uses.ts). */
  rowAt?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
}

/** The token of an `Authorization: Bearer …` header. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer +(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** Sets `request.session`: the live session of the request's bearer token, or null. */
export async function readSession(request: FastifyRequest): Promise<void> {
  const token = bearerToken(request);
  if (!token) return;
  const tokenHash = hashSessionToken(token);
  const { sessions, clock } = request.server;
  const row = await sessions.find(tokenHash, clock.nowSeconds());
  if (!row) return;
  const { expires_at: expiresAt, last_used_at: lastUsedAt, row_at: rowAt, ...user } = row;
  request.session = { userId: user.id, user, tokenHash, expiresAt, lastUsedAt, rowAt };
}

/** A preHandler: without a live session, 401 INVALID_TOKEN and the handler never runs. */
export async function requireSession(request: FastifyRequest, reply: FastifyReply) {
  await readSession(request);
  if (!request.session) return reply.fail('INVALID_TOKEN');
  return undefined;
}

/** The session `requireSession` read; a route without the hook is a bug, not a guest. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new Error('requireSession did not run');
  return request.session;
}

/**
 * The session's holder confirms the account's password, the body's `field`, before a change or a
 * deletion. A wrong one counts against the session's and the address's limits and is answered as
 * `field: INCORRECT`; a spent limit is answered 429. False when answered.
 */
export async function passwordConfirmed(
  request: FastifyRequest,
  reply: FastifyReply,
  user: { password_hash: string },
  field: 'password' | 'currentPassword',
): Promise<boolean> {
  const { limits, passwords } = request.server;
  const password = (request.body as Partial<Record<typeof field, string>>)[field] ?? '';
  const draws = limits.passwordCheck(request, sessionOf(request));
  if (!(await limits.take(reply, draws))) return false;
  if (await passwords.verify(user.password_hash, password)) {
    await limits.succeeded(draws);
    return true;
  }
  reply.fail('VALIDATION', { [field]: 'INCORRECT' });
  return false;
}

/**
 * The browser that opens a session, as the session list shows it: bounded, and its control
 * characters (a header's bytes 0x80-0x9F read as C1 controls) written as visible escapes.
 */
export function userAgentOf(request: FastifyRequest): string {
  return printable((request.headers['user-agent'] ?? '').slice(0, 512));
}

/** Who a session is opened for: the stored user the answer shows. */
type SessionUser = Pick<UserRow, 'id' | 'name' | 'email' | 'created_at'>;

/**
 * Opens a session for `user`, in the transaction of the decision that lets them in (a login, an
 * activation, a password reset, a second step, a passkey), so that either all of it is stored or
 * nothing: the session (which ends the account's oldest beyond `SESSIONS_MAX_PER_ACCOUNT`), the
 * record of the decision, and the answer with its token. `openedBy` is what the session list
 * shows. With `askSecondFactor` (the way in was the password alone), an account whose second
 * factor is on gets no session: a login waiting for its second step stands in its place, and the
 * answer is its ticket. A locked account gets neither (auth/lock.ts).
 */
export async function openSession(
  trx: Transaction<Database>,
  request: FastifyRequest,
  user: SessionUser,
  how?: { openedBy?: SessionOpener; askSecondFactor?: false },
): Promise<SessionOk>;
export async function openSession(
  trx: Transaction<Database>,
  request: FastifyRequest,
  user: SessionUser,
  how: { askSecondFactor: true; openedBy?: `provider:${string}` },
): Promise<SessionOk | SecondFactorLogin>;
export async function openSession(
  trx: Transaction<Database>,
  request: FastifyRequest,
  user: SessionUser,
  how: { openedBy?: SessionOpener; askSecondFactor?: boolean } = {},
): Promise<SessionOk | SecondFactorLogin> {
  const { authEvents, clock, config, sessions } = request.server;
  await refuseLocked(trx, user.id);
  const now = clock.nowSeconds();
  if (how.askSecondFactor && (await secondFactorOn(trx, user.id))) {
    const provider = how.openedBy?.startsWith('provider:') ? how.openedBy : null;
    const pending = await createPendingLogin(
      trx,
      user.id,
      now,
      provider as `provider:${string}` | null,
    );
    await authEvents.accepted(trx, request, { userId: user.id });
    return pending;
  }
  const token = newSessionToken();
  const session = {
    tokenHash: hashSessionToken(token),
    userId: user.id,
    expiresAt: now + config.sessionTtlSeconds,
    now,
    id: randomBytes(16).toString('base64url'),
    userAgent: userAgentOf(request),
    keepAtMost: config.sessionsMaxPerAccount,
    openedBy: how.openedBy ?? 'password',
  };
  await sessions.create(trx, session);
  // A device the account has not been used on before: its owner hears of it. A device is what the
  // mail can name, a browser on a system; a client that names no system (a script) is none.
  const { browser, system } = describeDevice(session.userAgent);
  const device = system === null ? null : `${browser ?? '?'}|${system}`;
  if (device !== null && (await noteDevice(trx, user.id, device, now)) === 'new') {
    await mailChangeNotice(trx, request, user, newDeviceMail);
  }
  await authEvents.accepted(trx, request, { userId: user.id, sessionId: session.id });
  return { error: false, token, user: toPublicUser(user), signature: { exp: session.expiresAt } };
}

export default fp(
  async (app) => {
    app.decorateRequest('session', null);
  },
  { name: 'session', fastify: '5.x', decorators: { fastify: ['sessions', 'clock'] } },
);
