// Confirming it is you (GitHub's sudo mode): a sensitive change (the endpoint table's
// `confirmation`) goes through within CONFIRMATION_SECONDS of the session's confirmation (POST
// confirm: the password with the second factor's code where it is on, or a passkey), or with the
// password (and the code) in its own body, which confirms that request only. Without either it is
// answered 403 CONFIRMATION_REQUIRED before the handler runs. The confirmation is read from the
// session's row at the moment of the change, never from the sessions kept in memory for verify,
// so it is exact on every process without a notification of its own.
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { EndpointSpec } from '../../contract/endpoints';
import { secondFactorCodeAccepted } from './second-factor-check';
import { secondFactorOn } from './second-factor-queries';
import { passwordConfirmed, sessionOf } from './session';
import { sessionConfirmedUntil } from './session-queries';
import { findUserById } from './users';

/** Whether the request's session is confirmed now. */
export async function sessionConfirmed(request: FastifyRequest): Promise<boolean> {
  const { db, clock } = request.server;
  const until = await sessionConfirmedUntil(db, sessionOf(request).tokenHash);
  return until !== null && until > clock.nowSeconds();
}

/**
 * The password of `field` and, where the second factor is on, the body's `code`, as they confirm
 * a request. `confirmed`: both right; `missing`: the code is not there; false when answered (a
 * wrong password or code, a spent limit).
 */
export async function credentialsConfirm(
  request: FastifyRequest,
  reply: FastifyReply,
  field: 'password' | 'currentPassword',
): Promise<'confirmed' | 'missing' | false> {
  const { db } = request.server;
  const { userId } = sessionOf(request);
  const user = await findUserById(db, userId);
  if (!(await passwordConfirmed(request, reply, user, field))) return false;
  if (!(await secondFactorOn(db, userId))) return 'confirmed';
  const code = (request.body as { code?: string } | undefined)?.code;
  if (code === undefined) return 'missing';
  const accepted = await secondFactorCodeAccepted(request, reply, userId, code, {
    enabled: true,
    recovery: true,
  });
  return accepted ? 'confirmed' : false;
}

/**
 * The preHandler of a sensitive endpoint, after the session check. A password in the body is
 * always checked (a wrong one is refused, confirmation or not); it confirms the request alone
 * where the second factor is off, with the body's code where it is on.
 */
export function requireConfirmation(confirmation: NonNullable<EndpointSpec['confirmation']>) {
  const field = confirmation.password;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const given = field && (request.body as Record<string, unknown> | undefined)?.[field];
    if (given === undefined || given === null || !field) {
      return (await sessionConfirmed(request)) ? undefined : reply.fail('CONFIRMATION_REQUIRED');
    }
    if (await sessionConfirmed(request)) {
      const user = await findUserById(request.server.db, sessionOf(request).userId);
      return (await passwordConfirmed(request, reply, user, field)) ? undefined : reply;
    }
    const outcome = await credentialsConfirm(request, reply, field);
    if (outcome === false) return reply;
    return outcome === 'confirmed' ? undefined : reply.fail('CONFIRMATION_REQUIRED');
  };
}
