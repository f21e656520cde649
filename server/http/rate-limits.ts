// Request counters, in Redis when configured so that every server process shares them.
import { createHash } from 'node:crypto';

import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';

import { normalizeEmail } from '../../contract/rules';
import type { RateLimitConfig } from '../config';

export interface EmailLimiters {
  /** Whether this email may try to log in now (its recent failures are under the limit). */
  loginAllowed(request: FastifyRequest): Promise<boolean>;
  recordLoginFailure(request: FastifyRequest): Promise<void>;
  /** Counts one resend for this email; false when it is one too many. */
  resendAllowed(request: FastifyRequest): Promise<boolean>;
}

/** Keys carry a hash of the email, not the address itself. */
function emailKey(purpose: string) {
  return (request: FastifyRequest) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    const normalized = typeof email === 'string' ? normalizeEmail(email) : '';
    return `${purpose}:${createHash('sha256').update(normalized).digest('hex')}`;
  };
}

export async function registerRateLimits(
  app: FastifyInstance,
  limits: RateLimitConfig,
  redis: { client: Redis; prefix: string } | undefined,
): Promise<EmailLimiters> {
  await app.register(rateLimit, {
    global: false,
    redis: redis?.client,
    nameSpace: redis ? `${redis.prefix}rate-limit:` : undefined,
  });

  const loginFailures = app.createRateLimit({
    max: limits.loginFailuresMax,
    timeWindow: limits.loginFailuresWindowSeconds * 1000,
    keyGenerator: emailKey('login-failures'),
  });
  const resends = app.createRateLimit({
    max: 1,
    timeWindow: limits.resendWindowSeconds * 1000,
    keyGenerator: emailKey('resend'),
  });

  return {
    async loginAllowed(request) {
      const state = await loginFailures(request, { increment: false });
      return state.isAllowed || state.remaining > 0;
    },
    async recordLoginFailure(request) {
      await loginFailures(request);
    },
    async resendAllowed(request) {
      const state = await resends(request);
      return state.isAllowed || !state.isExceeded;
    },
  };
}

/** Route options for the per-address sign-up limit. */
export function signupRateLimit(limits: RateLimitConfig) {
  return { max: limits.signupMax, timeWindow: limits.signupWindowSeconds * 1000 };
}
