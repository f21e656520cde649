import type { Provider } from './providersSlice';

/** A provider's display name from the configured list, or null when it is not known. */
export function providerName(providers: readonly Provider[], id: string | null): string | null {
  if (id === null) return null;
  return providers.find((provider) => provider.id === id)?.name ?? null;
}
