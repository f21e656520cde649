// A provider's flow comes back to the app's address with a single-use code
// (`/login?provider-handoff=…`) or what the provider refused (`?provider-error=access_denied`).
import { TAB_STORAGE_KEYS } from '../../store/constants';

// contract/oidc.ts's HANDOFF_PARAM and the others, written out: startEarly.ts carries no schema.
const HANDOFF_PARAM = 'provider-handoff';
const PROVIDER_ERROR_PARAM = 'provider-error';
const PROVIDER_CONNECTED_PARAM = 'provider-connected';
const PROVIDER_CONFIRMED_PARAM = 'provider-confirmed';
const PARAMS = [
  HANDOFF_PARAM,
  PROVIDER_ERROR_PARAM,
  PROVIDER_CONNECTED_PARAM,
  PROVIDER_CONFIRMED_PARAM,
] as const;

/**
 * Before the first view: the return's code leaves the address at once (replaced, so it is never in
 * the history, the store's location or the action log) and waits in the tab's session storage for
 * the store's listener (features/providers/providerListeners.ts), which takes it out and sends it.
 */
export function takeProviderReturn(window: Window): void {
  const url = new URL(window.location.href);
  if (!PARAMS.some((name) => url.searchParams.has(name))) return;
  const handoff = url.searchParams.get(HANDOFF_PARAM);
  const error = url.searchParams.get(PROVIDER_ERROR_PARAM);
  const connected = url.searchParams.get(PROVIDER_CONNECTED_PARAM);
  const confirmed = url.searchParams.get(PROVIDER_CONFIRMED_PARAM);
  const kept = {
    ...(handoff ? { handoff } : {}),
    ...(error ? { error } : {}),
    ...(connected ? { connected } : {}),
    ...(confirmed ? { confirmed } : {}),
  };
  for (const name of PARAMS) url.searchParams.delete(name);
  try {
    window.sessionStorage.setItem(TAB_STORAGE_KEYS.providerReturn, JSON.stringify(kept));
  } catch {
    // Storage refused: the code is dropped with the address; the login says nothing went wrong.
  }
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
}
