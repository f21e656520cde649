// The browser's passkey ceremonies for app tests: each ceremony waits until the test answers it
// (a credential, or the browser's error), and a new one or `cancel` ends the one under way with an
// AbortError, as @simplewebauthn/browser's WebAuthnAbortService does.
import type { PasskeyCeremonies } from '../../store/effects';

export interface FakeCeremony {
  kind: 'register' | 'authenticate';
  options: unknown;
  autofill: boolean;
  /** Settled: answered, refused or cancelled. */
  settled: boolean;
  answer(credential: unknown): void;
  /** Rejects as the browser would: `NotAllowedError` when the visitor closes the dialog. */
  fail(name: string, code?: string): void;
}

export interface FakePasskeys extends PasskeyCeremonies {
  /** Whether the browser has WebAuthn (`window.PublicKeyCredential`). */
  hasWebAuthn: boolean;
  hasAutofill: boolean;
  ceremonies: FakeCeremony[];
  cancels: number;
  /** The ceremony under way, if any. */
  current(): FakeCeremony | undefined;
  /** What the browser was told: `unknown <credential id>`, `gone <user id>`. */
  signals: string[];
}

function browserError(name: string, code?: string): Error {
  const error = new Error(`The ceremony ended: ${name}`);
  error.name = name;
  return Object.assign(error, code ? { code } : {});
}

export function fakePasskeys(options: { webAuthn?: boolean; autofill?: boolean } = {}) {
  const fake: FakePasskeys = {
    hasWebAuthn: options.webAuthn ?? true,
    hasAutofill: options.autofill ?? true,
    ceremonies: [],
    cancels: 0,
    signals: [],
    signalUnknownCredential: (response) =>
      fake.signals.push(`unknown ${(response as { id?: string }).id ?? ''}`),
    signalAccountGone: (userId) => fake.signals.push(`gone ${userId}`),
    current: () => fake.ceremonies.findLast((ceremony) => !ceremony.settled),
    supported: () => fake.hasWebAuthn,
    preload: () => {},
    autofillSupported: () => Promise.resolve(fake.hasWebAuthn && fake.hasAutofill),
    register: (optionsJSON) => start('register', optionsJSON, false),
    authenticate: (optionsJSON, autofill) => start('authenticate', optionsJSON, autofill),
    cancel: () => {
      fake.cancels += 1;
      fake.current()?.fail('AbortError', 'ERROR_CEREMONY_ABORTED');
    },
  };
  function start(kind: FakeCeremony['kind'], optionsJSON: unknown, autofill: boolean) {
    if (!fake.hasWebAuthn) {
      return Promise.reject(new Error('WebAuthn is not supported in this browser'));
    }
    fake.current()?.fail('AbortError', 'ERROR_CEREMONY_ABORTED');
    return new Promise<unknown>((resolve, reject) => {
      const ceremony: FakeCeremony = {
        kind,
        options: optionsJSON,
        autofill,
        settled: false,
        answer(credential) {
          if (ceremony.settled) return;
          ceremony.settled = true;
          resolve(credential);
        },
        fail(name, code) {
          if (ceremony.settled) return;
          ceremony.settled = true;
          reject(browserError(name, code));
        },
      };
      fake.ceremonies.push(ceremony);
    });
  }
  return fake;
}
