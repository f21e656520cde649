// "Sign in with a passkey" under the login form: the part the login view shows (handed in by the
// app's entry), its chunk preloaded as the view opens.
import { useEffect } from 'react';

import { useAppSelector } from '../../store/hooks';
import { lazyPart } from '../../ui/lazyPart';
import { selectPasskeySupport } from './passkeysSlice';

/**
 * "Sign in with a passkey" and its words: its own chunk, preloaded on open, shown once the browser
 * was asked whether it can use passkeys.
 */
const Passkey = lazyPart(() => import(/* webpackChunkName: "passkey-login" */ './PasskeyLogin'));

/** Shown once the browser was asked whether it can use passkeys. */
export function PasskeyLoginPart() {
  const passkeySupport = useAppSelector(selectPasskeySupport);
  useEffect(() => Passkey.preload(), []);
  return passkeySupport === null ? null : <Passkey.Part />;
}
