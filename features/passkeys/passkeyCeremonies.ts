// The browser's passkey ceremonies. @simplewebauthn/browser is a chunk of its own, fetched when a
// view that offers passkeys opens (or a button is pressed), never with the first load.
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

import type { PasskeyCeremonies } from '../../store/effects';

type Library = typeof import('@simplewebauthn/browser');

export function passkeyCeremonies(window: Window): PasskeyCeremonies {
  let library: Promise<Library> | null = null;
  let loaded: Library | null = null;
  const load = () => {
    // A failed fetch is not kept: the next use tries again.
    library ??= import(/* webpackChunkName: "webauthn" */ '@simplewebauthn/browser').then(
      (module) => (loaded = module),
      (error: unknown) => {
        library = null;
        throw error;
      },
    );
    return library;
  };
  return {
    supported: () =>
      typeof (window as { PublicKeyCredential?: unknown }).PublicKeyCredential === 'function',
    preload: () => void load().catch(() => {}),
    autofillSupported: async () => (await load()).browserSupportsWebAuthnAutofill(),
    register: async (optionsJSON) =>
      (await load()).startRegistration({
        optionsJSON: optionsJSON as PublicKeyCredentialCreationOptionsJSON,
      }),
    authenticate: async (optionsJSON, useBrowserAutofill) =>
      (await load()).startAuthentication({
        optionsJSON: optionsJSON as PublicKeyCredentialRequestOptionsJSON,
        useBrowserAutofill,
        // The login view's email field asks for it; the check would race the view's first render.
        verifyBrowserAutofillInput: false,
      }),
    cancel: () => loaded?.WebAuthnAbortService.cancelCeremony(),
    signalUnknownCredential: (response) => {
      const credentialId = (response as { id?: unknown }).id;
      if (typeof credentialId !== 'string') return;
      signal(window, 'signalUnknownCredential', { rpId: window.location.hostname, credentialId });
    },
    signalAccountGone: (userId) =>
      signal(window, 'signalAllAcceptedCredentials', {
        rpId: window.location.hostname,
        userId: base64url(new TextEncoder().encode(userId)),
        allAcceptedCredentialIds: [],
      }),
  };
}

type SignalName = 'signalUnknownCredential' | 'signalAllAcceptedCredentials';

/**
 * The WebAuthn Signal API, where the browser has it (feature-detected; Chromium 132 and later):
 * a hint to the passkey provider, answered by nothing, so a refusal is nothing to the visitor.
 */
function signal(window: Window, name: SignalName, options: object): void {
  const credential = (window as { PublicKeyCredential?: Partial<Record<SignalName, unknown>> })
    .PublicKeyCredential;
  const method = credential?.[name];
  if (typeof method !== 'function') return;
  void Promise.resolve()
    .then(() => (method as (options: object) => Promise<void>).call(credential, options))
    .catch(() => {});
}

/** The user handle as the server made it (server/auth/passkeys.ts, the id's UTF-8), base64url. */
function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}
