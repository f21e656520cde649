// The request limits (docs/architecture.md, Limits), reached as `app.limits`. Each limited request takes
// its points BEFORE the work it guards (reserve, then check), so N parallel requests never get
// more than the limit's worth of password or code checks.
import { createHash } from 'node:crypto';

import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

import type { Config } from '../config';
import { openCounterStore } from './counters';

/** One point to take from one counter. */
export interface Draw {
  counter: RateLimiterAbstract;
  key: string;
}

export interface Limits {
  /** A counter of its own, for a limit defined elsewhere (same store, same guarantees). */
  counter(name: string, points: number, durationSeconds: number): RateLimiterAbstract;
  signup(request: FastifyRequest): Draw[];
  /**
   * A login check: per (email, address), per address, and per email unless this address has
   * signed in to this email before. Refund them on success.
   */
  login(request: FastifyRequest, email: string): Promise<Draw[]>;
  /** This address proved it knows the email's password: strangers elsewhere cannot lock it out. */
  rememberAddress(request: FastifyRequest, email: string): Promise<void>;
  /** A try of the code identified by `codeId` (empty when the email has none). */
  codeTry(request: FastifyRequest, email: string, codeId: string): Draw[];
  resend(email: string): Draw[];
  /**
   * Takes the draws in order; at the first counter that is spent, answers 429 with Retry-After
   * and returns false.
   */
  take(reply: FastifyReply, draws: Draw[]): Promise<boolean>;
  /** Gives the points back: the request turned out not to count (a successful login). */
  refund(draws: Draw[]): Promise<void>;
  /**
   * A deleted account's rows: the addresses it signed in from (their exemption from the
   * per-email login limit must not pass to whoever signs up with the email next), and the keys
   * of the counter `name` that start with `keyPrefix` (the account's own), if given.
   */
  forgetAccount(email: string, own?: { name: string; keyPrefix: string }): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    limits: Limits;
  }
}

/** How long an address that signed in stays exempt from the per-email limit. */
const KNOWN_ADDRESS_SECONDS = 30 * 24 * 3600;

/** Keys carry a hash of the email, never the address itself. */
function emailKey(email: string): string {
  return createHash('sha256').update(email).digest('base64url');
}

export interface LimitsOptions {
  config: Config;
  redis?: { client: Redis; prefix: string };
}

const limitsPlugin: FastifyPluginAsync<LimitsOptions> = async (app, { config, redis }) => {
  const store = openCounterStore(config.database, redis);
  app.addHook('onClose', () => store.close());
  const limits = config.rateLimits;
  const counter = (name: string, points: number, durationSeconds: number) =>
    store.counter({ name, points, durationSeconds });

  const signup = counter('signup', limits.signupMax, limits.signupWindowSeconds);
  const loginPair = counter(
    'login-pair',
    limits.loginFailuresMax,
    limits.loginFailuresWindowSeconds,
  );
  const loginAddress = counter(
    'login-address',
    limits.loginFailuresPerAddressMax,
    limits.loginFailuresWindowSeconds,
  );
  const loginEmail = counter(
    'login-email',
    limits.loginFailuresPerEmailMax,
    limits.loginFailuresPerEmailWindowSeconds,
  );
  const codeTtl = config.activationCodeTtlSeconds;
  const codePair = counter('code-pair', config.activationMaxAttempts, codeTtl);
  const codeAll = counter('code-all', limits.codeTriesTotalMax, codeTtl);
  const resend = counter('resend', 1, limits.resendWindowSeconds);
  const knownAddresses = counter('known-address', 1, KNOWN_ADDRESS_SECONDS);

  const decorated: Limits = {
    counter,
    signup: (request) => [{ counter: signup, key: request.ip }],
    async login(request, email) {
      const who = emailKey(email);
      const draws = [
        { counter: loginPair, key: `${who}:${request.ip}` },
        { counter: loginAddress, key: request.ip },
      ];
      const known = await knownAddresses.get(`${who}:${request.ip}`);
      return known ? draws : [...draws, { counter: loginEmail, key: who }];
    },
    async rememberAddress(request, email) {
      await knownAddresses.set(`${emailKey(email)}:${request.ip}`, 1, KNOWN_ADDRESS_SECONDS);
    },
    codeTry: (request, email, codeId) => {
      const code = `${emailKey(email)}:${codeId}`;
      return [
        { counter: codePair, key: `${code}:${request.ip}` },
        { counter: codeAll, key: code },
      ];
    },
    resend: (email) => [{ counter: resend, key: emailKey(email) }],
    async take(reply, draws) {
      for (const { counter: limiter, key } of draws) {
        try {
          await limiter.consume(key);
        } catch (refusal) {
          // The store rejects with its answer when the points are spent, with an Error when it fails.
          if (!(refusal instanceof RateLimiterRes)) throw refusal;
          reply.header('retry-after', Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)));
          reply.fail('RATE_LIMITED');
          return false;
        }
      }
      return true;
    },
    async refund(draws) {
      await Promise.all(draws.map(({ counter: limiter, key }) => limiter.reward(key)));
    },
    async forgetAccount(email, own) {
      await Promise.all([
        store.deletePrefix('known-address', `${emailKey(email)}:`),
        own ? store.deletePrefix(own.name, own.keyPrefix) : undefined,
      ]);
    },
  };
  app.decorate('limits', decorated);
};

export default fp(limitsPlugin, { name: 'limits', fastify: '5.x' });
