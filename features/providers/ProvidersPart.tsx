// "Continue with …" (`buttons`) and what a provider's return said (`return`), for the login and
// sign-up views (handed in by the app's entry): nothing while there is nothing to show.
import { useEffect } from 'react';

import { useAppSelector } from '../../store/hooks';
import { useProviderLabel } from './providerNames';
import { Providers } from './providersPart';
import { selectProviderReturn, selectProviders } from './providersSlice';

export function ProvidersPart({ place }: { place: 'buttons' | 'return' }) {
  const hasProviders = useAppSelector(selectProviders).length > 0;
  const providerReturn = useAppSelector(selectProviderReturn);
  useEffect(() => Providers.preload(), []);
  const shown = place === 'return' ? providerReturn !== null : hasProviders;
  return shown ? <Providers.Part place={place} /> : null;
}

/** A provider's name by its id (its id until a list names it, or once it is no longer configured). */
export function useProviderName(): (id: string) => string {
  const label = useProviderLabel();
  return (id) => label(id) ?? id;
}
