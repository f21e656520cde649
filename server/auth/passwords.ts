import { randomBytes } from 'node:crypto';

import { hash, verify } from '@node-rs/argon2';

import type { PasswordHashConfig } from '../config';
import { createPasswordStrength, type PasswordStrength } from './password-strength';

/** Thrown when every hashing slot is busy and the queue is full: answer 503, retry soon. */
export class HashingOverloaded extends Error {
  readonly retryAfterSeconds = 1;
  constructor() {
    super('password hashing is at capacity');
  }
}

/**
 * The stored hash of an account without a password (one made through a provider): no password
 * matches it, after the time of a real check, so a login tells nothing.
 */
export const NO_PASSWORD = '';

export interface PasswordHasher extends PasswordStrength {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends the time of one verification, so an unknown email answers as slowly as a known one. */
  verifyNothing(password: string): Promise<void>;
}

export interface HashingBounds {
  /** Hashes running at once. */
  concurrency: number;
  /** Hashes waiting for a slot; one more is refused at once. */
  queue: number;
}

// Hand-written rather than p-limit: the queue must be capped and refuse at once when full.
function boundedRunner({ concurrency, queue }: HashingBounds) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= concurrency) {
      if (waiting.length >= queue) throw new HashingOverloaded();
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running += 1;
    }
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

// argon2id is the library's default algorithm. `appName` is a word no password may be built from.
export async function createPasswordHasher(
  params: PasswordHashConfig,
  bounds: HashingBounds,
  appName: string,
): Promise<PasswordHasher> {
  const dummyHash = await hash(randomBytes(32), params);
  const run = boundedRunner(bounds);
  return {
    ...createPasswordStrength(appName, bounds.queue),
    hash: (password) => run(() => hash(password, params)),
    verify: (passwordHash, password) =>
      run(() =>
        passwordHash === NO_PASSWORD
          ? verify(dummyHash, password).then(() => false)
          : verify(passwordHash, password),
      ),
    verifyNothing: async (password) => {
      await run(() => verify(dummyHash, password));
    },
  };
}
