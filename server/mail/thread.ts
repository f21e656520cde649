// Runs the mail worker in a thread of its own (./thread-entry.ts), with its own database
// connection. The request thread then only stores rows and says "look now": whatever a job finds
// out (a new code and a message for a known email, nothing for an unknown one) costs the thread
// that answers requests nothing, so the request after an answer cannot tell one from the other.
// The thread starts with the first mail and stays; if it ever stops, the next mail starts another.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

import type { Config } from '../config';
import type { MailWorker, WorkerLog } from './worker';

export interface ThreadData {
  config: Config;
  /** The base of links in mails, when already known. */
  base?: string;
  /** The TypeScript entry, when the thread runs from source. */
  entry?: string;
}

export type ToThread =
  | { type: 'base'; url: string }
  | { type: 'kick' }
  | { type: 'idle'; id: number }
  | { type: 'close'; id: number };

export type FromThread =
  | { type: 'ready' }
  | { type: 'warn'; fields: Record<string, unknown>; message: string }
  | { type: 'failure'; code: unknown }
  | { type: 'done'; id: number; error?: string };

/** The compiled thread beside the compiled server, or the source through tsx. */
function threadFile(): { file: string; entry?: string } {
  const compiled = path.join(__dirname, 'mail-thread.js');
  if (existsSync(compiled)) return { file: compiled };
  return {
    file: path.join(__dirname, 'thread-boot.cjs'),
    entry: path.join(__dirname, 'thread-entry.ts'),
  };
}

export interface MailThreadOptions {
  config: Config;
  warn: WorkerLog;
  /** An error the thread met, by its code (a full disk counts for /healthz). */
  onFailure: (code: unknown) => void;
}

export interface MailThread extends MailWorker {
  /** Links in mails start with this from now on. */
  setBase(url: string): void;
  /** Whether the thread is running. */
  started(): boolean;
}

export function createMailThread({ config, warn, onFailure }: MailThreadOptions): MailThread {
  let base = config.publicUrl;
  let worker: Worker | undefined;
  let nextId = 0;
  const waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();

  function failWaiting(error: Error) {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  }

  function thread(): Worker {
    if (worker) return worker;
    const { file, entry } = threadFile();
    const data: ThreadData = { config, base, entry };
    const started = new Worker(file, { workerData: data });
    // A server that forgot to close is not kept alive by its mail thread.
    started.unref();
    started.on('message', (message: FromThread) => {
      switch (message.type) {
        case 'warn':
          warn(message.fields, message.message);
          return;
        case 'failure':
          onFailure(message.code);
          return;
        case 'done': {
          const request = waiting.get(message.id);
          waiting.delete(message.id);
          if (waiting.size === 0) started.unref();
          if (message.error === undefined) request?.resolve();
          else request?.reject(new Error(message.error));
          return;
        }
        case 'ready':
      }
    });
    started.on('error', (error) => {
      warn({ err: error }, 'mail thread stopped; the next mail starts another');
    });
    started.on('exit', () => {
      if (worker === started) worker = undefined;
      failWaiting(new Error('the mail thread stopped'));
    });
    worker = started;
    return started;
  }

  /**
   * Asks the thread and waits for its answer, holding the process meanwhile: unreferenced, a
   * process with nothing else to do could end before the answer, and whatever awaits it (a
   * server's close) would never go on.
   */
  function ask(type: 'idle' | 'close'): Promise<void> {
    nextId += 1;
    const id = nextId;
    return new Promise<void>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      const asked = thread();
      asked.ref();
      asked.postMessage({ type, id } satisfies ToThread);
    });
  }

  return {
    kick: () => thread().postMessage({ type: 'kick' } satisfies ToThread),
    idle: () => ask('idle'),
    async close() {
      if (!worker) return;
      const stopping = worker;
      await ask('close').catch(() => {});
      await stopping.terminate();
    },
    setBase(url) {
      base = url;
      worker?.postMessage({ type: 'base', url } satisfies ToThread);
    },
    started: () => worker !== undefined,
  };
}
