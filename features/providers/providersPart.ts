import { lazyPart } from '../../ui/lazyPart';

import type { ProviderSignInProps } from './ProviderSignIn';

/**
 * "Continue with …" and what a provider's return said, with their words: a chunk of its own,
 * preloaded when the login or sign-up view opens.
 */
export const Providers = lazyPart<ProviderSignInProps>(
  () => import(/* webpackChunkName: "provider-sign-in" */ './ProviderSignIn'),
);
