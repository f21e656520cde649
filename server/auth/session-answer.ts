// What a route that opens a session (login, activation, a password reset) stores and answers.
import { randomBytes } from 'node:crypto';

import type { FastifyRequest } from 'fastify';

import type { PublicUser, SessionOk } from '../../contract/api';
import { hashSessionToken, newSessionToken } from './secrets';

/** The browser that opens a session, as the session list shows it (bounded). */
export function userAgentOf(request: FastifyRequest): string {
  return (request.headers['user-agent'] ?? '').slice(0, 512);
}

/**
 * A new session for this request: its token, what is stored of it, its public id, and how many
 * live sessions its account keeps at most (storing it ends the oldest beyond that).
 */
export function newSession(now: number, ttlSeconds: number, request: FastifyRequest) {
  const token = newSessionToken();
  return {
    token,
    tokenHash: hashSessionToken(token),
    expiresAt: now + ttlSeconds,
    id: randomBytes(16).toString('base64url'),
    userAgent: userAgentOf(request),
    keepAtMost: request.server.config.sessionsMaxPerAccount,
  };
}

export function sessionAnswer(token: string, user: PublicUser, exp: number): SessionOk {
  return { error: false, token, user, signature: { exp } };
}
