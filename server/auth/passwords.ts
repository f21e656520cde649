import { randomBytes } from 'node:crypto';

import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

import type { PasswordHashConfig } from '../config';

const commonPasswords = new Set(dictionary['passwords-common']);

/** The list is lower-case; "Password1" is as guessable as "password1". */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends the time of one verification, so an unknown email answers as slowly as a known one. */
  verifyNothing(password: string): Promise<void>;
}

// argon2id is the library's default algorithm.
export async function createPasswordHasher(params: PasswordHashConfig): Promise<PasswordHasher> {
  const dummyHash = await hash(randomBytes(32), params);
  return {
    hash: (password) => hash(password, params),
    verify: (passwordHash, password) => verify(passwordHash, password),
    verifyNothing: async (password) => {
      await verify(dummyHash, password);
    },
  };
}
