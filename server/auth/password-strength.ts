// A new password's strength (contract/password-strength.ts), checked in a thread of its own: the
// estimate of a long password takes tens of milliseconds (hundreds for some), which must not hold
// the thread that answers every other request. One check at a time, at most `queue` waiting;
// beyond, HashingOverloaded (503, retry soon). The thread starts with the first check.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

import type { PersonalContext, WeakPassword } from '../../contract/password-strength';
import { HashingOverloaded } from './passwords';

export interface StrengthData {
  appName: string;
  /** The TypeScript entry, when the thread runs from source. */
  entry?: string;
}

export interface StrengthQuestion {
  id: number;
  password: string;
  name?: string;
  email?: string;
}

interface StrengthAnswer {
  id: number;
  weak: WeakPassword | null;
}

/** The compiled thread beside the compiled server, or the source through tsx. */
function threadFile(): { file: string; entry?: string } {
  const compiled = path.join(__dirname, 'strength-thread.js');
  if (existsSync(compiled)) return { file: compiled };
  return {
    file: path.join(__dirname, '..', 'mail', 'thread-boot.cjs'),
    entry: path.join(__dirname, 'strength-thread.ts'),
  };
}

export interface PasswordStrength {
  /** Why `password` is too easy to guess for this account, or undefined when it is not. */
  weakness(
    password: string,
    account: Omit<PersonalContext, 'appName'>,
  ): Promise<WeakPassword | undefined>;
  close(): Promise<void>;
}

export function createPasswordStrength(appName: string, queue: number): PasswordStrength {
  let worker: Worker | undefined;
  let nextId = 0;
  const waiting = new Map<
    number,
    { resolve: (weak: WeakPassword | undefined) => void; reject: (error: Error) => void }
  >();

  function thread(): Worker {
    if (worker) return worker;
    const { file, entry } = threadFile();
    const started = new Worker(file, { workerData: { appName, entry } satisfies StrengthData });
    started.on('message', ({ id, weak }: StrengthAnswer) => {
      const question = waiting.get(id);
      waiting.delete(id);
      if (waiting.size === 0) started.unref();
      question?.resolve(weak ?? undefined);
    });
    started.on('exit', () => {
      if (worker === started) worker = undefined;
      for (const { reject } of waiting.values()) reject(new Error('the strength thread stopped'));
      waiting.clear();
    });
    worker = started;
    return started;
  }

  return {
    weakness(password, { name, email }) {
      if (waiting.size > queue) return Promise.reject(new HashingOverloaded());
      nextId += 1;
      const id = nextId;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        const asked = thread();
        // Held while a check is under way, so its answer comes; let go when none is.
        asked.ref();
        asked.postMessage({ id, password, name, email } satisfies StrengthQuestion);
      });
    },
    async close() {
      const stopping = worker;
      worker = undefined;
      await stopping?.terminate();
    },
  };
}
