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
  };
}
