// The parts one feature shows inside another's view (a passkey's sign-in under the login form, a
// passkey as a way to confirm it is you): the app's entry hands them in, so no feature imports
// another's files. A part left out is not shown.
import { createContext, useContext, type ComponentType } from 'react';

export interface FeatureParts {
  /** "Sign in with a passkey", under the login form. */
  PasskeyLogin?: ComponentType;
  /** "Continue with …" (`buttons`) and a provider's return (`return`), on login and sign-up. */
  ProviderSignIn?: ComponentType<{ place: 'buttons' | 'return' }>;
  /** A provider's name by its id, for the sessions a provider opened. */
  useProviderName?: () => (id: string) => string;
  /** "Use a passkey instead", under the confirmation's password form. */
  PasskeyConfirm?: ComponentType<{ onAsk: () => void }>;
  /** The offer to review the passkeys after a security change (level: its heading's). */
  PasskeyReviewOffer?: ComponentType<{ reason: 'endOthers'; level: 2 | 3 }>;
  /**
   * Whether the account's sign-in asks the second factor (null: not known yet): the confirmation
   * asks its code too.
   */
  useSecondFactorOn?: () => boolean | null;
  /** How many passkeys the account has (null: not loaded). */
  usePasskeyCount?: () => number | null;
  /** "Confirm with your provider", under the confirmation's password form. */
  ProviderConfirm?: ComponentType;
  /** Whether the account has a password (false: made by a provider), null while unknown. */
  useHasPassword?: () => boolean | null;
}

const PartsContext = createContext<FeatureParts>({});

export const FeaturePartsProvider = PartsContext.Provider;

export function useFeatureParts(): FeatureParts {
  return useContext(PartsContext);
}
