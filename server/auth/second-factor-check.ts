// The check of a second factor's code, wherever one is typed: a login's second step, turning the
// factor on, and confirming it is you (auth/confirmation.ts). Its tries are taken first from the
// limits of a typed code (per code and address, per address, and the account's budget) and given
// back on success.
import type { FastifyReply, FastifyRequest } from 'fastify';

import { decryptSecret, isTotpCode, totpStep } from './second-factor';
import { acceptStep, findSecondFactor, spendRecoveryCode } from './second-factor-queries';

/**
 * Checks `code` for the account: an authenticator's code (its step accepted once; `enabled` says
 * whether the second factor must be on or be waiting for its first code), or, when `recovery`,
 * one of its recovery codes (used up). False when answered (429 or INVALID_CODE).
 */
export async function secondFactorCodeAccepted(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  code: string,
  { enabled, recovery }: { enabled: boolean; recovery: boolean },
): Promise<boolean> {
  const app = request.server;
  const guess = { kind: 'second-factor', target: userId, codeId: '' } as const;
  // A recovery code (80 random bits) is out of guessing's reach, like a mailed link's token: the
  // account's budget, which strangers who know the password can spend, does not hold it.
  const recoveryCode = recovery && !isTotpCode(code);
  const draws = app.limits.codeTry(request, guess, { targetBudget: !recoveryCode });
  if (!(await app.limits.take(reply, draws))) return false;
  let accepted = false;
  if (isTotpCode(code)) {
    const stored = await findSecondFactor(app.db, userId);
    if (stored && (stored.enabled_at !== null) === enabled) {
      const secret = await decryptSecret(app, userId, stored.secret);
      const step = totpStep(secret, code, app.clock.nowMs());
      accepted = step !== null && (await acceptStep(app.db, userId, step, enabled));
    }
  } else if (recovery) {
    accepted = await spendRecoveryCode(app.db, userId, code);
  }
  if (!accepted) {
    reply.fail('INVALID_CODE');
    return false;
  }
  // Every point back, the one per (code, address) too: the owner signs in many times a day.
  await app.limits.codeSolved(guess, draws);
  return true;
}
