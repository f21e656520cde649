import { useEffect } from 'react';

import { selectSecondStep } from '../../store/auth/authSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { ROUTES } from '../../store/navigation/routes';
import { selectPasskeySupport } from '../../store/passkeys/passkeysSlice';
import { navigationRequested } from '../../store/router/routerSlice';
import { Link } from '../app/StoreRouter';
import { LoginForm } from '../components/account/LoginForm';
import { useT } from '../components/intl/useT';
import { lazyPart } from '../components/lazyPart';
import { PageCard } from '../components/PageCard';

/** A login's second step (an account with a second factor): its own chunk, preloaded on open. */
const SecondStep = lazyPart(
  () => import(/* webpackChunkName: "login-second-step" */ '../components/account/LoginSecondStep'),
);
/**
 * "Sign in with a passkey" and its words: its own chunk, preloaded on open, shown once the browser
 * was asked whether it can use passkeys.
 */
const Passkey = lazyPart(
  () => import(/* webpackChunkName: "passkey-login" */ '../components/account/PasskeyLogin'),
);

export default function LoginView() {
  const t = useT();
  const dispatch = useAppDispatch();
  const secondStep = useAppSelector(selectSecondStep);
  const passkeySupport = useAppSelector(selectPasskeySupport);
  const toHome = () => dispatch(navigationRequested({ to: ROUTES.home }));
  // A right password that waits for its second step stays here: the step shows in its place.
  const afterPassword = () =>
    dispatch((_, getState) => void (selectSecondStep(getState()) ?? toHome()));
  useEffect(() => {
    SecondStep.preload();
    Passkey.preload();
  }, []);
  return (
    <PageCard
      title={t('login.title')}
      intro={secondStep ? null : t('login.intro')}
      links={
        <>
          <p>
            {t('login.noAccount')} <Link to={ROUTES.signup}>{t('login.signupLink')}</Link>
          </p>
          <p>
            <Link to={ROUTES.resetPassword}>{t('login.forgotLink')}</Link>
          </p>
          <p>
            {t('login.haveCode')} <Link to={ROUTES.activation}>{t('login.activationLink')}</Link>
          </p>
        </>
      }
    >
      {secondStep ? (
        <SecondStep.Part ticket={secondStep.ticket} onSuccess={toHome} />
      ) : (
        <LoginForm onSuccess={afterPassword} />
      )}
      {secondStep || passkeySupport === null ? null : <Passkey.Part />}
    </PageCard>
  );
}
