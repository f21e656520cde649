// In-memory effects for app tests: every write is recorded so tests can assert on it.
import type { CookieAttributes, Effects } from '../../store/effects';
import { createMemoryAppHistory } from '../../store/router/browserHistory';
import * as sessionTime from '../../store/sessionLifetime';

import { fakePasskeys, type FakePasskeys } from './fakePasskeys';

export interface CookieWrite {
  op: 'set' | 'remove';
  name: string;
  value?: string;
  attributes: CookieAttributes;
}

export interface FakeEffects extends Effects {
  data: Map<string, string>;
  /** The tab's session storage. */
  tabData: Map<string, string>;
  storageWrites: Array<{ op: 'set' | 'remove'; key: string; value?: string }>;
  cookieWrites: CookieWrite[];
  errors: unknown[][];
  setNow(ms: number): void;
  /** The browser comes back online: every `connection.onOnline` listener hears it. */
  goOnline(): void;
  passkeys: FakePasskeys;
  /** The addresses the page left for, in order. */
  left: string[];
  /** The page shows again after leaving (Back from the provider, from the back-forward cache). */
  showAgain(): void;
}

export function fakeEffects(
  options: {
    storage?: Record<string, string>;
    /** The tab's session storage. */
    tabStorage?: Record<string, string>;
    path?: string;
    now?: number;
    /** Whether the browser has WebAuthn (and its autofill): not unless said. */
    webAuthn?: boolean;
  } = {},
): FakeEffects {
  const data = new Map(Object.entries(options.storage ?? {}));
  const tabData = new Map(Object.entries(options.tabStorage ?? {}));
  const storageWrites: FakeEffects['storageWrites'] = [];
  const cookieWrites: CookieWrite[] = [];
  const errors: unknown[][] = [];
  let now = options.now ?? Date.UTC(2026, 0, 15, 3, 0, 0);
  const onlineListeners = new Set<() => void>();
  const left: string[] = [];
  let shownAgain: Array<() => void> = [];
  return {
    left,
    showAgain: () => {
      const waiting = shownAgain;
      shownAgain = [];
      waiting.forEach((resolve) => resolve());
    },
    page: {
      leave: (url) =>
        new Promise<void>((resolve) => {
          left.push(url);
          shownAgain.push(resolve);
        }),
    },
    data,
    tabData,
    storageWrites,
    cookieWrites,
    errors,
    setNow: (ms) => void (now = ms),
    goOnline: () => [...onlineListeners].forEach((listener) => listener()),
    storage: {
      getItem: (key) => data.get(key) ?? null,
      setItem: (key, value) => {
        storageWrites.push({ op: 'set', key, value });
        data.set(key, value);
      },
      removeItem: (key) => {
        storageWrites.push({ op: 'remove', key });
        data.delete(key);
      },
    },
    tabStorage: {
      getItem: (key) => tabData.get(key) ?? null,
      setItem: (key, value) => void tabData.set(key, value),
      removeItem: (key) => void tabData.delete(key),
    },
    cookies: {
      set: (name, value, attributes) =>
        void cookieWrites.push({ op: 'set', name, value, attributes }),
      remove: (name, attributes) => void cookieWrites.push({ op: 'remove', name, attributes }),
    },
    clock: { now: () => now },
    loadSessionTime: () => Promise.resolve(sessionTime),
    history: createMemoryAppHistory([options.path ?? '/']),
    console: { error: (...args: unknown[]) => void errors.push(args) },
    connection: {
      onOnline(listener) {
        onlineListeners.add(listener);
        return () => void onlineListeners.delete(listener);
      },
    },
    passkeys: fakePasskeys({ webAuthn: options.webAuthn ?? false }),
  };
}
