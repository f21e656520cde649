// Everything the store does to the outside world goes through these, so tests pass fakes
// and replay passes none.
import type { AppLocation, HistoryAction } from './router/location';
import type { sessionLifetime } from './sessionLifetime';

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface CookieAttributes {
  expires?: Date | number;
  path?: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
  secure?: boolean;
}

export interface CookieJar {
  set(name: string, value: string, attributes: CookieAttributes): void;
  remove(name: string, attributes: CookieAttributes): void;
}

export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export interface HistoryUpdate {
  action: HistoryAction;
  location: AppLocation;
}

export interface AppHistory {
  readonly location: AppLocation;
  push(to: string, state?: unknown): void;
  replace(to: string, state?: unknown): void;
  listen(listener: (update: HistoryUpdate) => void): () => void;
}

export interface Connection {
  /** Calls `listener` each time the browser comes back online; returns the unsubscribe. */
  onOnline(listener: () => void): () => void;
}

/** The session's time in Asia/Phnom_Penh (moment-timezone): what dates the `user` cookie. */
export interface SessionTime {
  sessionLifetime: typeof sessionLifetime;
}

/**
 * The browser's passkey ceremonies (WebAuthn, through @simplewebauthn/browser, loaded on first
 * use). Options go in as the server sent them; answers come out as the JSON the server reads.
 * A refused or cancelled ceremony rejects with the browser's error (its `name`, and the library's
 * `code`), which the listeners turn into a serializable outcome.
 */
export interface PasskeyCeremonies {
  /** Whether this browser has WebAuthn at all (`window.PublicKeyCredential`). */
  supported(): boolean;
  /** Starts fetching the library's code, so that a press finds it ready; never rejects. */
  preload(): void;
  /** Whether passkeys can be offered in a field's autofill (conditional mediation). */
  autofillSupported(): Promise<boolean>;
  /** A new passkey: `startRegistration` with these creation options. */
  register(optionsJSON: unknown): Promise<unknown>;
  /** A signature: `startAuthentication`, in a field's autofill or as a dialog of its own. */
  authenticate(optionsJSON: unknown, useBrowserAutofill: boolean): Promise<unknown>;
  /** Ends the ceremony under way, if any (the library's WebAuthnAbortService). */
  cancel(): void;
  /**
   * Tells the browser, where it has the WebAuthn Signal API, that the server knows no account
   * with the passkey that signed `response` (removed, or its account deleted): it may hide it.
   */
  signalUnknownCredential(response: unknown): void;
  /** Tells the browser, where it can be told, that account `userId` accepts no passkey any more. */
  signalAccountGone(userId: string): void;
}

/** The page itself, for the one move out of the app: to a sign-in provider. */
export interface Page {
  /**
   * Leaves the app for `url` (`location.assign`). Resolves only if this page shows again without a
   * reload (Back from the provider, restored from the browser's back-forward cache).
   */
  leave(url: string): Promise<void>;
}

export interface Effects {
  /** Local storage: the token and the language. */
  storage: KeyValueStorage;
  /** This tab's session storage: what outlives a reload of the tab and no more. */
  tabStorage: KeyValueStorage;
  cookies: CookieJar;
  clock: Clock;
  /**
   * Loads the session's time code on first use. Only a signed-in answer needs it, so the browser
   * fetches it as a chunk of its own, beside the verify call of a stored token, never for a guest.
   */
  loadSessionTime(): Promise<SessionTime>;
  history: AppHistory;
  console: Pick<Console, 'error'>;
  connection: Connection;
  passkeys: PasskeyCeremonies;
  page: Page;
}

/** The longest wait a timer takes (2^31 - 1 ms): a longer one fires at once. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Waits with `delay` (a listener's, which its cancellation ends) until `atMs` on `clock`. */
export async function waitUntil(
  atMs: number,
  clock: Clock,
  delay: (ms: number) => Promise<void>,
): Promise<void> {
  for (let left = atMs - clock.now(); left > 0; left = atMs - clock.now()) {
    await delay(Math.min(left, LONGEST_TIMER_MS));
  }
}
