import { useAppSelector } from '../../store/hooks';
import { selectConnections, selectProviders, type Provider } from './providersSlice';

/** A provider's display name from the configured list, or null when it is not known. */
export function providerName(providers: readonly Provider[], id: string | null): string | null {
  if (id === null) return null;
  return providers.find((provider) => provider.id === id)?.name ?? null;
}

/**
 * What the screen calls provider `id`: the name the visitor pressed (kept with the flow), else the
 * name the configured list or the account's connections give, else the id itself (before either
 * answers, or once it is no longer configured). Null only when not even the id is known.
 */
export function providerLabel(
  lists: { providers: readonly Provider[]; connections: readonly Provider[] | null },
  id: string | null,
  pressed?: string,
): string | null {
  if (id === null) return null;
  return (
    pressed ?? providerName(lists.providers, id) ?? providerName(lists.connections ?? [], id) ?? id
  );
}

/** `providerLabel` over the store's lists. */
export function useProviderLabel(): (id: string | null, pressed?: string) => string | null {
  const providers = useAppSelector(selectProviders);
  const connections = useAppSelector(selectConnections);
  return (id, pressed) => providerLabel({ providers, connections }, id, pressed);
}
