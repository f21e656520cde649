// The operator API's gate, before every handler of it (after the session check): the session's
// user must be an operator (granted on the command line: maintenance/operators.ts), else 403
// FORBIDDEN; and the session must have been confirmed within CONFIRMATION_SECONDS with the second
// factor or a passkey (a password alone is not enough for support's powers), else 403
// CONFIRMATION_REQUIRED, whose words tell an operator with neither to set one up. Every call
// takes a point of the operator's own budget.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { errorBody } from '../http/errors';
import { noteRefusal } from '../http/request-facts';
import { isOperator, sessionConfirmation } from '../repo/operators';
import { listPasskeys } from './passkey-queries';
import { secondFactorOn } from './second-factor-queries';
import { sessionOf } from './session';

/** Operator calls per operator per minute. */
export const OPERATOR_CALLS_PER_MINUTE = 120;

const SET_ONE_UP =
  'An operator confirms with two-step sign-in or a passkey, and this account has neither: set one up first, then confirm it is you (POST /v1/api/user/confirm).';
const CONFIRM_STRONGLY =
  'Confirm it is you with the code of two-step sign-in or a passkey (POST /v1/api/user/confirm): a password alone is not enough here.';

/** The gate's preHandler, with its call counter made once for the app. */
export function operatorGate(app: FastifyInstance) {
  const calls = app.limits.counter('operator-calls', OPERATOR_CALLS_PER_MINUTE, 60);
  return (request: FastifyRequest, reply: FastifyReply) => requireOperator(request, reply, calls);
}

async function requireOperator(
  request: FastifyRequest,
  reply: FastifyReply,
  calls: ReturnType<FastifyInstance['limits']['counter']>,
) {
  const { db, clock, limits } = request.server;
  const session = sessionOf(request);
  if (!(await limits.take(reply, [{ counter: calls, key: session.userId }]))) return reply;
  if (!(await isOperator(db, session.userId))) return reply.fail('FORBIDDEN');
  const confirmation = await sessionConfirmation(db, session.tokenHash);
  const strong = confirmation?.by === 'second-factor' || confirmation?.by === 'passkey';
  if (confirmation && strong && confirmation.until > clock.nowSeconds()) return undefined;
  const able =
    (await secondFactorOn(db, session.userId)) ||
    (await listPasskeys(db, session.userId)).length > 0;
  noteRefusal(request, 'CONFIRMATION_REQUIRED', undefined, true);
  return reply
    .code(403)
    .send(errorBody('CONFIRMATION_REQUIRED', undefined, able ? CONFIRM_STRONGLY : SET_ONE_UP));
}

const OPERATORS_ARE_KEPT =
  "An operator's account is neither locked nor deleted here: revoke the role on the server's command line first (npm run operator -- revoke EMAIL).";

/**
 * Refuses a lock or a deletion of an operator's account, its own included, so one stolen operator
 * session cannot shut every other operator out; answered when it returns true.
 */
export function refuseOperatorTarget(
  request: FastifyRequest,
  reply: FastifyReply,
  user: { operator_at: unknown },
): boolean {
  if (user.operator_at === null) return false;
  noteRefusal(request, 'FORBIDDEN', undefined, true);
  void reply.code(403).send(errorBody('FORBIDDEN', undefined, OPERATORS_ARE_KEPT));
  return true;
}
