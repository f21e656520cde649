// Verify and logout: the two calls that read the session token.
import type { FastifyPluginAsync } from 'fastify';

import { API_PATHS, type PlainOk, type VerifyOk } from '../../contract/api';
import {
  ErrorBody,
  PlainOk as PlainOkSchema,
  VerifyOk as VerifyOkSchema,
} from '../../contract/schemas';
import { hashSessionToken } from '../auth/secrets';
import { withContract } from '../http/schemas';
import {
  findLiveSession,
  LAST_USED_RESOLUTION_SECONDS,
  revokeSession,
  touchSession,
} from '../repo/sessions';
import { toPublicUser } from '../repo/users';
import { bearerToken } from './session-answer';

const verifySchema = { response: { 200: VerifyOkSchema, '4xx': ErrorBody } };
const logoutSchema = { response: { 200: PlainOkSchema, '4xx': ErrorBody } };

const sessionRoutes: FastifyPluginAsync = async (instance) => {
  const app = withContract(instance);
  const { db, clock } = app;
  app.get(API_PATHS.verify, { schema: verifySchema }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const token = bearerToken(request);
    const session = token
      ? await findLiveSession(db, hashSessionToken(token), clock.nowSeconds())
      : undefined;
    if (!session) return reply.fail('INVALID_TOKEN');
    const now = clock.nowSeconds();
    if (token && now - session.last_used_at >= LAST_USED_RESOLUTION_SECONDS) {
      // At most once a minute per session, and not waited for: verify stays one read.
      touchSession(db, hashSessionToken(token), now).catch((error: unknown) =>
        request.log.warn({ err: error }, 'could not record the session as used'),
      );
    }
    const answer: VerifyOk = {
      error: false,
      user: toPublicUser(session),
      signature: { exp: session.expires_at },
    };
    return answer;
  });

  app.post(API_PATHS.logout, { schema: logoutSchema }, async (request, reply) => {
    const token = bearerToken(request);
    const revoked = token
      ? await revokeSession(db, hashSessionToken(token), clock.nowSeconds())
      : false;
    if (!revoked) return reply.fail('INVALID_TOKEN');
    const answer: PlainOk = { error: false };
    return answer;
  });
};

export default sessionRoutes;
