// "Sign in with a passkey" on the login view, beside the password form. The ceremony (and the email
// field's autofill that offers passkeys) runs in the passkey listeners; this says where it stands.
// A chunk of its own with its words, preloaded when the login view opens (features/login/LoginView.tsx).
import type { MessageId } from '../../i18n/messages/en';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { requestErrorText } from '../../ui/form/requestErrorMessage';
import { useT } from '../../ui/intl/useT';
import { WithWords, type Words } from '../../ui/intl/WithWords';
import { passkeyLoginEn } from './passkeys.messages';
import { passkeyLoginRequested, selectPasskeyLogin, selectPasskeySupport } from './passkeysSlice';

const WORDS: Words = passkeyLoginEn;

const FAILURES: Record<string, MessageId> = {
  cancelled: 'passkeyLogin.cancelled',
  unsupported: 'passkeyLogin.unsupported',
  notLoaded: 'requestError.network',
};

/** The button and where its ceremony stands, with their own words beside the app's. */
export default function PasskeyLogin() {
  return (
    <WithWords words={WORDS}>
      <PasskeyLoginButton />
    </WithWords>
  );
}

function PasskeyLoginButton() {
  const t = useT();
  const dispatch = useAppDispatch();
  const supported = useAppSelector(selectPasskeySupport);
  const login = useAppSelector(selectPasskeyLogin);
  if (!supported) return <p className="passkey-login__note">{t('passkeyLogin.unsupported')}</p>;
  const busy = login.step === 'options' || login.step === 'browser' || login.step === 'sending';
  const { failure, error } = login;
  let problem: string | null = null;
  if (login.step === 'failed' && failure && failure !== 'stopped') {
    if (failure !== 'refused') problem = t(FAILURES[failure] ?? 'passkeyLogin.failed');
    else if (!error || error.code === 'INVALID_CREDENTIAL') problem = t('passkeyLogin.invalid');
    else if (error.code === 'UNKNOWN_CREDENTIAL') problem = t('passkeyLogin.unknown');
    else problem = requestErrorText(t, error);
  }
  return (
    <div className="passkey-login">
      {problem ? (
        <div className="form-alert" role="alert">
          <p className="form-alert__message">{problem}</p>
        </div>
      ) : null}
      <button
        type="button"
        className="button button--secondary"
        disabled={busy}
        aria-busy={busy}
        onClick={() => dispatch(passkeyLoginRequested())}
      >
        {busy ? t('passkeyLogin.waiting') : t('passkeyLogin.button')}
      </button>
    </div>
  );
}
