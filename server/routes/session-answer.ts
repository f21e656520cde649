import type { FastifyRequest } from 'fastify';

import type { PublicUser, SessionOk } from '../../contract/api';
import { hashSessionToken, newSessionToken } from '../auth/secrets';

export function newSession(now: number, ttlSeconds: number) {
  const token = newSessionToken();
  return { token, tokenHash: hashSessionToken(token), expiresAt: now + ttlSeconds };
}

export function sessionAnswer(token: string, user: PublicUser, exp: number): SessionOk {
  return { error: false, token, user, signature: { exp } };
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer +(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}
