// The request limits (docs/architecture.md, Limits), reached as `app.limits`. Each limited request takes
// its points BEFORE the work it guards (reserve, then check), so N parallel requests never get
// more than the limit's worth of password or code checks.
import { createHash } from 'node:crypto';

import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

import type { Config } from '../config';
import { noteLimit } from '../plugins/auth-events';
import { openCounterStore } from './counters';

/** One point to take from one counter. */
export interface Draw {
  counter: RateLimiterAbstract;
  key: string;
  /** Retry-After for a counter whose points never come back with time (a spent code budget). */
  retryAfterSeconds?: number;
}

/** The kinds of code, each with its own budget per target. */
export type CodeKind = 'activation' | 'reset' | 'email-change' | 'second-factor';

export interface CodeGuess {
  kind: CodeKind;
  /** Whose codes: the email (activation, reset) or the account's id (email change, second factor). */
  target: string;
  /** The current code's id (its salt), empty when the target has none. */
  codeId: string;
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
  /**
   * A signed-in session confirms its account's password (a change, a deletion): a wrong one
   * counts per session and per client address, never per account, so a thief's wrong guesses
   * cannot lock the owner's other sessions out. Refund them when the password is right.
   */
  passwordCheck(request: FastifyRequest, session: { userId: string; tokenHash: string }): Draw[];
  /**
   * A passkey signature checked (a sign-in, or a new passkey): per address (its login failures,
   * shared with password logins) and across every address. Refund them on success.
   */
  passkeyCheck(request: FastifyRequest): Draw[];
  /** Passkey options handed out (each a stored challenge): per address. */
  passkeyOptions(request: FastifyRequest): Draw[];
  /**
   * A typed code: per (code, address), per address across all targets, and the target's budget
   * across every code of its kind (taken last, so a request refused earlier never spends it).
   * A secret out of guessing's reach (a second factor's recovery code, like a mailed link's
   * token) is not held by the target's budget (`targetBudget: false`): strangers who spent it
   * cannot lock the owner out.
   */
  codeTry(request: FastifyRequest, guess: CodeGuess, options?: { targetBudget: boolean }): Draw[];
  /**
   * The code was right: the target's budget is whole again, and the address's point comes back
   * (it counts wrong codes). `draws` are those of codeTry, or none for a link-token success.
   */
  codeSolved(guess: CodeGuess, draws: Draw[]): Promise<void>;
  /**
   * One mail a request caused to `email` (sign-up, resend, reset, email change): false once the
   * recipient had its hour's or day's worth, and then the mail is not sent.
   */
  mayMail(email: string): Promise<boolean>;
  resend(email: string): Draw[];
  /**
   * Takes the draws in order; at the first counter that is spent, answers 429 with Retry-After
   * and returns false.
   */
  take(reply: FastifyReply, draws: Draw[]): Promise<boolean>;
  /** Gives the points back: the request turned out not to count (a successful login). */
  refund(draws: Draw[]): Promise<void>;
  /**
   * The request was shed before its check was done (every hashing slot busy: 503): the points it
   * drew and still holds come back, whichever route drew them, so a visitor whose request the
   * server could not take is not counted as guessing.
   */
  shed(request: FastifyRequest): Promise<void>;
  /**
   * A deleted account's rows: the addresses it signed in from (their exemption from the
   * per-email login limit must not pass to whoever signs up with the email next), its code
   * budgets (they never expire on their own), and its sessions' password checks.
   */
  forgetAccount(account: { id: string; email: string }): Promise<void>;
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

/** A code budget's key: its kind and target (an email as its hash, an account as its id). */
function targetKey({ kind, target }: CodeGuess): string {
  const byAccount = kind === 'email-change' || kind === 'second-factor';
  return `${kind}:${byAccount ? target : emailKey(target)}`;
}

export interface LimitsOptions {
  config: Config;
  redis?: { client: Redis; prefix: string };
}

const limitsPlugin: FastifyPluginAsync<LimitsOptions> = async (app, { config, redis }) => {
  const store = openCounterStore(config.database, redis);
  /** The points each request drew and still holds (not refunded), for `shed`. */
  const held = new WeakMap<FastifyRequest, Set<Draw>>();
  const holder = new WeakMap<Draw, FastifyRequest>();
  app.addHook('onClose', () => store.close());
  const limits = config.rateLimits;
  /** Each counter's name, for the event of a request that draws from it. */
  const names = new WeakMap<RateLimiterAbstract, string>();
  const counter = (name: string, points: number, durationSeconds: number) => {
    const made = store.counter({ name, points, durationSeconds });
    names.set(made, name);
    return made;
  };

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
  const codeAddress = counter(
    'code-address',
    limits.codeGuessesPerAddressMax,
    limits.codeGuessesPerAddressWindowSeconds,
  );
  // No duration: the points never come back with time, only with a success (codeSolved).
  const codeTarget = counter('code-target', limits.codeGuessesPerTargetMax, 0);
  const mailHour = counter('mail-hour', limits.mailPerRecipientHourMax, 3600);
  const mailDay = counter('mail-day', limits.mailPerRecipientDayMax, 24 * 3600);
  const resend = counter('resend', 1, limits.resendWindowSeconds);
  const knownAddresses = counter('known-address', 1, KNOWN_ADDRESS_SECONDS);
  // Keyed `<user id>:<hash of the token's hash>`, so a deleted account's rows can be found.
  const passwordSession = counter(
    'account-password-session',
    limits.loginFailuresMax,
    limits.loginFailuresWindowSeconds,
  );
  const passwordAddress = counter(
    'account-password-address',
    limits.loginFailuresPerAddressMax,
    limits.loginFailuresWindowSeconds,
  );

  const passkeyAll = counter(
    'passkey-all',
    limits.passkeyFailuresMax,
    limits.loginFailuresWindowSeconds,
  );
  const passkeyOptionsAddress = counter(
    'passkey-options-address',
    limits.passkeyOptionsPerAddressMax,
    limits.passkeyOptionsWindowSeconds,
  );

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
    passwordCheck: (request, { userId, tokenHash }) => {
      const session = createHash('sha256').update(tokenHash).digest('base64url');
      return [
        { counter: passwordSession, key: `${userId}:${session}` },
        { counter: passwordAddress, key: request.ip },
      ];
    },
    passkeyCheck: (request) => [
      { counter: loginAddress, key: request.ip },
      { counter: passkeyAll, key: 'all' },
    ],
    passkeyOptions: (request) => [{ counter: passkeyOptionsAddress, key: request.ip }],
    codeTry: (request, guess, { targetBudget } = { targetBudget: true }) => {
      const target = targetKey(guess);
      const draws: Draw[] = [
        { counter: codePair, key: `${target}:${guess.codeId}:${request.ip}` },
        { counter: codeAddress, key: request.ip },
      ];
      if (targetBudget)
        draws.push({ counter: codeTarget, key: target, retryAfterSeconds: codeTtl });
      return draws;
    },
    async codeSolved(guess, draws) {
      const address = draws.filter((draw) => draw.counter === codeAddress);
      await Promise.all([codeTarget.delete(targetKey(guess)), decorated.refund(address)]);
    },
    async mayMail(email) {
      const key = emailKey(email);
      for (const limiter of [mailHour, mailDay]) {
        try {
          await limiter.consume(key);
        } catch (refusal) {
          if (!(refusal instanceof RateLimiterRes)) throw refusal;
          app.metrics.limitRefused(names.get(limiter) ?? '?');
          return false;
        }
      }
      return true;
    },
    resend: (email) => [{ counter: resend, key: emailKey(email) }],
    async take(reply, draws) {
      const limit = (limiter: RateLimiterAbstract, left: number) => ({
        name: names.get(limiter) ?? '?',
        left: Math.max(0, left),
        points: limiter.points,
      });
      for (const draw of draws) {
        const { counter: limiter, key, retryAfterSeconds } = draw;
        try {
          const drawn = await limiter.consume(key);
          noteLimit(reply.request, limit(limiter, drawn.remainingPoints));
          let drawnByRequest = held.get(reply.request);
          if (!drawnByRequest) held.set(reply.request, (drawnByRequest = new Set()));
          drawnByRequest.add(draw);
          holder.set(draw, reply.request);
        } catch (refusal) {
          // The store rejects with its answer when the points are spent, with an Error when it fails.
          if (!(refusal instanceof RateLimiterRes)) throw refusal;
          noteLimit(reply.request, limit(limiter, 0));
          app.metrics.limitRefused(names.get(limiter) ?? '?');
          // A counter without a duration answers -1: its points come back only with a success.
          const seconds =
            refusal.msBeforeNext < 0 && retryAfterSeconds !== undefined
              ? retryAfterSeconds
              : Math.ceil(refusal.msBeforeNext / 1000);
          reply.header('retry-after', Math.max(1, seconds));
          reply.fail('RATE_LIMITED');
          return false;
        }
      }
      return true;
    },
    async refund(draws) {
      for (const draw of draws) {
        const request = holder.get(draw);
        if (request) held.get(request)?.delete(draw);
      }
      await Promise.all(draws.map(({ counter: limiter, key }) => limiter.reward(key)));
    },
    async shed(request) {
      const drawn = held.get(request);
      if (drawn?.size) await decorated.refund([...drawn]);
    },
    async forgetAccount({ id, email }) {
      const budgets: CodeGuess[] = [
        { kind: 'activation', target: email, codeId: '' },
        { kind: 'reset', target: email, codeId: '' },
        { kind: 'email-change', target: id, codeId: '' },
        { kind: 'second-factor', target: id, codeId: '' },
      ];
      await Promise.all([
        store.deletePrefix('known-address', `${emailKey(email)}:`),
        ...budgets.map((guess) => codeTarget.delete(targetKey(guess))),
        ...budgets.map((guess) => store.deletePrefix('code-pair', `${targetKey(guess)}:`)),
        store.deletePrefix('account-password-session', `${id}:`),
      ]);
    },
  };
  app.decorate('limits', decorated);
};

export default fp(limitsPlugin, { name: 'limits', fastify: '5.x' });
