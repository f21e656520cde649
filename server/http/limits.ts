// The request limits (server/README.md, Limits), reached as `app.limits`. Each limited request
// takes its points BEFORE the work it guards (reserve, then check), so N parallel requests never get
// more than the limit's worth of password or code checks. A point left taken stands for a check
// that failed, and for nothing else: a refusal (429) keeps none, an answer that is no decision
// (5xx, a shed request) gives back whatever its request drew, a success gives back its own points
// and the honest mistakes it proves (`repays`), and a request that finds a counter spent by checks
// still under way waits for them (./holds.ts).
import { createHash } from 'node:crypto';

import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

import type { Config } from '../config';
import { openCounterStore } from './limit-counters';
import { Holds } from './limit-holds';
import { noteLimit } from './request-facts';

/** One point to take from one counter. */
export interface Draw {
  counter: RateLimiterAbstract;
  key: string;
  /** Retry-After for a counter whose points never come back with time (a spent code budget). */
  retryAfterSeconds?: number;
  /**
   * On success, every failure this draw's key holds goes back to `repays`: a pair (an email or a
   * code or a session, with an address) whose mistakes a success shows to be honest ones gives
   * them back to the address that paid for them, so that the visitors behind one address are
   * counted only for what honest visitors do not do.
   */
  repays?: { counter: RateLimiterAbstract; key: string };
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
  /** A sign-up, per address; its point comes back once an account is activated (`activated`). */
  signup(request: FastifyRequest): Draw[];
  /** An account was activated from this address: one of its sign-ups is no longer pending. */
  activated(request: FastifyRequest): Promise<void>;
  /**
   * A login check: per (email, address); and, unless this address has signed in to this email
   * before, per address and per email. `succeeded` on success.
   */
  login(request: FastifyRequest, email: string): Promise<Draw[]>;
  /** This address proved it knows the email's password: strangers elsewhere cannot lock it out. */
  rememberAddress(request: FastifyRequest, email: string): Promise<void>;
  /**
   * A signed-in session confirms its account's password (a change, a deletion): a wrong one
   * counts per session and per client address, never per account, so a thief's wrong guesses
   * cannot lock the owner's other sessions out. `succeeded` when the password is right.
   */
  passwordCheck(request: FastifyRequest, session: { userId: string; tokenHash: string }): Draw[];
  /**
   * A passkey signature checked (a sign-in, or a new passkey): per address, its login failures
   * (shared with password logins). No budget across addresses: junk costs its sender only.
   */
  passkeyCheck(request: FastifyRequest): Draw[];
  /** Passkey options handed out (each a stored challenge): per address. */
  passkeyOptions(request: FastifyRequest): Draw[];
  /**
   * A sign-in from this address (a right password, a passkey): the options its visit to the
   * login page asked for are no longer counted, so the address's options count the visits that
   * signed no one in.
   */
  signedIn(request: FastifyRequest): Promise<void>;
  /**
   * A typed code: per (code, address), per address across all targets, and the target's budget
   * across every code of its kind (taken last, so a request refused earlier never spends it).
   * A secret out of guessing's reach (a second factor's recovery code, like a mailed link's
   * token) is not held by the target's budget (`targetBudget: false`): strangers who spent it
   * cannot lock the owner out.
   */
  codeTry(request: FastifyRequest, guess: CodeGuess, options?: { targetBudget: boolean }): Draw[];
  /**
   * The code was right and used: the target's budget is whole again, and `draws` (those of
   * codeTry, or none for a link-token success) `succeeded`.
   */
  codeSolved(guess: CodeGuess, draws: Draw[]): Promise<void>;
  /**
   * One mail a request caused to `email` (sign-up, resend, reset, email change): false once the
   * recipient had its hour's or day's worth, and then the mail is not sent.
   */
  mayMail(email: string): Promise<boolean>;
  resend(email: string): Draw[];
  /**
   * Takes the draws in order; at the first counter that is spent (once no check under way holds
   * its points), answers 429 with Retry-After, gives back what this take drew, and returns false.
   */
  take(reply: FastifyReply, draws: Draw[]): Promise<boolean>;
  /** Gives the points back: the request turned out not to count. Never throws. */
  refund(draws: Draw[]): Promise<void>;
  /**
   * The check succeeded: the draws' points come back (`refund`), and so do the failures their
   * pairs hold (`Draw.repays`), once. Never throws.
   */
  succeeded(draws: Draw[]): Promise<void>;
  /** One point back to a counter's key, for a request that did not draw it. Never throws. */
  giveBack(draw: Pick<Draw, 'counter' | 'key'>): Promise<void>;
  /**
   * The request was answered without a decision (a shed request, the database or Redis down, a
   * failure nobody foresaw: 5xx): every point it drew and still holds comes back, whichever
   * route drew it, so a visitor the server could not answer is not counted as guessing.
   */
  giveBackAll(request: FastifyRequest): Promise<void>;
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

/** How long a request waits for checks under way to give back the points it needs. */
const WAIT_FOR_CHECKS_MS = 10_000;
/** Points owed back while the store does not answer, retried every second. */
const OWED_MAX = 10_000;
const OWED_RETRY_MS = 1000;

const limitsPlugin: FastifyPluginAsync<LimitsOptions> = async (app, { config, redis }) => {
  const store = openCounterStore(config.database, redis);
  /** The points each request drew and has not given back, for `giveBackAll`. */
  const drawn = new WeakMap<FastifyRequest, Set<Draw>>();
  const drawer = new WeakMap<Draw, FastifyRequest>();
  /** Draws whose point is held for the waiting requests (./holds.ts), until refunded or answered. */
  const holding = new WeakSet<Draw>();
  const repaid = new WeakSet<Draw>();
  const holds = new Holds();
  const limits = config.rateLimits;
  /** Each counter's name, for the event of a request that draws from it. */
  const names = new WeakMap<RateLimiterAbstract, string>();
  const counter = (name: string, points: number, durationSeconds: number) => {
    const made = store.counter({ name, points, durationSeconds });
    names.set(made, name);
    return made;
  };
  const holdId = ({ counter: limiter, key }: Pick<Draw, 'counter' | 'key'>) =>
    `${names.get(limiter) ?? '?'}\u0000${key}`;

  /** Points to give back that the store did not take (it was down): tried again every second. */
  const owed: Array<{ key: string; points: number; until: number }> = [];
  const owe = (limiter: RateLimiterAbstract, key: string, points: number) => {
    const windowMs = limiter.duration > 0 ? limiter.duration * 1000 : 24 * 3600 * 1000;
    owed.push({ key: limiter.getKey(key), points, until: Date.now() + windowMs });
    if (owed.length > OWED_MAX) owed.shift();
  };
  const payOwed = async () => {
    const now = Date.now();
    for (const debt of owed.splice(0)) {
      if (debt.until <= now) continue;
      await store.giveBack(debt.key, debt.points).catch(() => owed.push(debt));
    }
  };
  const retry = setInterval(() => void payOwed(), OWED_RETRY_MS);
  retry.unref();
  app.addHook('onClose', async () => {
    clearInterval(retry);
    await store.close();
  });

  /** Points back to a counter's key, never below zero; owed while the store does not answer. */
  async function giveBack(limiter: RateLimiterAbstract, key: string, points: number) {
    if (points <= 0) return;
    await store.giveBack(limiter.getKey(key), points).catch((error: unknown) => {
      app.log.warn({ err: error }, 'limit points owed back until the store answers');
      owe(limiter, key, points);
    });
  }

  /** The draw's point no longer holds up waiting requests: given back, or kept as a failure. */
  function settle(draw: Draw, freed: boolean) {
    if (!holding.has(draw)) return;
    holding.delete(draw);
    holds.release(holdId(draw), freed);
  }

  /** Once the answer has left (or the client went), its points are decided. */
  function settleOnClose(reply: FastifyReply) {
    const { request } = reply;
    reply.raw.once('close', () => {
      const held = drawn.get(request);
      if (!held) return;
      // A 5xx that did not pass the error handler still gives its points back.
      if (reply.raw.statusCode >= 500) void decorated.refund([...held]);
      else for (const draw of held) settle(draw, false);
    });
  }

  function hold(reply: FastifyReply, draw: Draw) {
    const { request } = reply;
    let held = drawn.get(request);
    if (!held) {
      drawn.set(request, (held = new Set()));
      settleOnClose(reply);
    }
    held.add(draw);
    drawer.set(draw, request);
    // drawOne holds the point from the moment it asks the store for it.
    holding.add(draw);
  }

  /**
   * One point from the draw's counter. Refused, it gives the point the refusal took back (a
   * refusal checks nothing) and, while checks under way in this process hold points of the same
   * key, waits for one to come back and tries again, until WAIT_FOR_CHECKS_MS.
   */
  async function drawOne(draw: Draw): Promise<RateLimiterRes> {
    const id = holdId(draw);
    const deadline = Date.now() + WAIT_FOR_CHECKS_MS;
    for (;;) {
      const before = holds.releases(id);
      // Held from the moment it is asked: the store may count the point before its answer
      // arrives, and a request refused meanwhile must wait for it rather than be refused.
      holds.add(id);
      try {
        return await draw.counter.consume(draw.key);
      } catch (refusal) {
        holds.withdraw(id);
        // The store rejects with its answer when the points are spent, with an Error when it fails.
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        await giveBack(draw.counter, draw.key, 1);
        if (Date.now() >= deadline) throw refusal;
        // A check settled since this draw began (perhaps the last one held): its point may be back.
        if (holds.releases(id) !== before) continue;
        if (!holds.held(id)) throw refusal;
        // Woken with nothing settled: what was in flight held nothing (or the wait is over).
        if (!(await holds.released(id, deadline))) throw refusal;
      }
    }
  }

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
  const passkeyOptionsAddress = counter(
    'passkey-options-address',
    limits.passkeyOptionsPerAddressMax,
    limits.passkeyOptionsWindowSeconds,
  );

  const decorated: Limits = {
    counter,
    signup: (request) => [{ counter: signup, key: request.ip }],
    activated: (request) => giveBack(signup, request.ip, 1),
    async login(request, email) {
      const who = emailKey(email);
      const address = { counter: loginAddress, key: request.ip };
      const pairKey = `${who}:${request.ip}`;
      // An address that signed in to this email before is held by the pair's limit alone: the
      // strangers behind the same address who spend its failures never lock the owner out. Its
      // pair's failures drew nothing from the address, so a success gives the address nothing.
      const known = await knownAddresses.get(pairKey);
      if (known) return [{ counter: loginPair, key: pairKey }];
      const pair = { counter: loginPair, key: pairKey, repays: address };
      return [pair, address, { counter: loginEmail, key: who }];
    },
    async rememberAddress(request, email) {
      await knownAddresses.set(`${emailKey(email)}:${request.ip}`, 1, KNOWN_ADDRESS_SECONDS);
    },
    passwordCheck: (request, { userId, tokenHash }) => {
      const session = createHash('sha256').update(tokenHash).digest('base64url');
      const address = { counter: passwordAddress, key: request.ip };
      return [{ counter: passwordSession, key: `${userId}:${session}`, repays: address }, address];
    },
    passkeyCheck: (request) => [{ counter: loginAddress, key: request.ip }],
    passkeyOptions: (request) => [{ counter: passkeyOptionsAddress, key: request.ip }],
    signedIn: (request) => giveBack(passkeyOptionsAddress, request.ip, 1),
    codeTry: (request, guess, { targetBudget } = { targetBudget: true }) => {
      const target = targetKey(guess);
      const address = { counter: codeAddress, key: request.ip };
      const draws: Draw[] = [
        { counter: codePair, key: `${target}:${guess.codeId}:${request.ip}`, repays: address },
        address,
      ];
      if (targetBudget)
        draws.push({ counter: codeTarget, key: target, retryAfterSeconds: codeTtl });
      return draws;
    },
    async codeSolved(guess, draws) {
      await decorated.succeeded(draws);
      await codeTarget.delete(targetKey(guess));
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
      const taken: Draw[] = [];
      for (const draw of draws) {
        const { counter: limiter, retryAfterSeconds } = draw;
        try {
          const drawnPoint = await drawOne(draw);
          noteLimit(reply.request, limit(limiter, drawnPoint.remainingPoints));
          hold(reply, draw);
          taken.push(draw);
        } catch (refusal) {
          if (!(refusal instanceof RateLimiterRes)) throw refusal;
          // Nothing is checked: what this take drew before comes back too.
          await decorated.refund(taken);
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
      const back: Draw[] = [];
      for (const draw of draws) {
        const request = drawer.get(draw);
        if (!request) continue;
        drawer.delete(draw);
        drawn.get(request)?.delete(draw);
        back.push(draw);
      }
      await Promise.all(back.map(({ counter: limiter, key }) => giveBack(limiter, key, 1)));
      for (const draw of back) settle(draw, true);
    },
    async succeeded(draws) {
      await decorated.refund(draws);
      await Promise.all(
        draws.map(async (draw) => {
          const { repays } = draw;
          if (!repays || repaid.has(draw)) return;
          repaid.add(draw);
          // Taken whole in one step: two successes at once cannot both give the same failures back.
          const failures = await store
            .takeAll(draw.counter.getKey(draw.key))
            .catch((error: unknown) => {
              app.log.warn({ err: error }, 'limit points not given back: the store failed');
              return 0;
            });
          await giveBack(repays.counter, repays.key, failures);
        }),
      );
    },
    giveBack: ({ counter: limiter, key }) => giveBack(limiter, key, 1),
    async giveBackAll(request) {
      const held = drawn.get(request);
      if (held?.size) await decorated.refund([...held]);
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
