// Verify and logout: the two calls that read the session token.
import type { FastifyInstance } from 'fastify';

import { API_PATHS, type PlainOk, type VerifyOk } from '../../contract/api';
import { hashSessionToken } from '../auth/secrets';
import { sendError } from '../http/errors';
import { findLiveSession, revokeSession } from '../repo/sessions';
import { toPublicUser } from '../repo/users';
import { nowSeconds, type RouteDeps } from './deps';
import { bearerToken } from './session-answer';

export function registerSessionRoutes(app: FastifyInstance, { db }: RouteDeps): void {
  app.get(API_PATHS.verify, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const token = bearerToken(request);
    const session = token
      ? await findLiveSession(db, hashSessionToken(token), nowSeconds())
      : undefined;
    if (!session) return sendError(reply, 401, 'INVALID_TOKEN');
    const answer: VerifyOk = {
      error: false,
      user: toPublicUser(session),
      signature: { exp: session.expires_at },
    };
    return answer;
  });

  app.post(API_PATHS.logout, async (request, reply) => {
    const token = bearerToken(request);
    const revoked = token ? await revokeSession(db, hashSessionToken(token), nowSeconds()) : false;
    if (!revoked) return sendError(reply, 401, 'INVALID_TOKEN');
    const answer: PlainOk = { error: false };
    return answer;
  });
}
