import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

import { selectSecondStep } from '../../store/authSlice';
import { useAppSelector } from '../../store/hooks';
import { carriedEmailCode, ROUTES } from '../../store/routes';
import { useFeatureParts } from '../../ui/featureParts';
import { useT } from '../../ui/intl/useT';
import { lazyPart } from '../../ui/lazyPart';
import { Link } from '../../ui/Link';
import { PageCard } from '../../ui/PageCard';
import { LoginForm } from './LoginForm';

/** A login's second step (an account with a second factor): its own chunk, preloaded on open. */
const SecondStep = lazyPart(
  () => import(/* webpackChunkName: "login-second-step" */ './LoginSecondStep'),
);
/**
 * The login, or in its place the second step that a way in waits for (kept in the store and the
 * tab's session storage, so a reload or Back shows it again until its ticket ends). Where either
 * leads is every way in's one rule (store/wayIn.ts); a link that needs a login to open home (an email
 * change's code) says so here.
 */
export default function LoginView() {
  const t = useT();
  const [query] = useSearchParams();
  const secondStep = useAppSelector(selectSecondStep);
  const { PasskeyLogin, ProviderSignIn } = useFeatureParts();
  const forEmailCode = carriedEmailCode(query.toString()) !== null;
  useEffect(() => {
    SecondStep.preload();
  }, []);
  return (
    <PageCard
      title={t('login.title')}
      intro={secondStep ? null : t(forEmailCode ? 'login.emailCodeIntro' : 'login.intro')}
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
      {ProviderSignIn && !secondStep ? <ProviderSignIn place="return" /> : null}
      {secondStep ? (
        <SecondStep.Part ticket={secondStep.ticket} email={secondStep.email} />
      ) : (
        <LoginForm />
      )}
      {secondStep || !PasskeyLogin ? null : <PasskeyLogin />}
      {secondStep || !ProviderSignIn ? null : <ProviderSignIn place="buttons" />}
    </PageCard>
  );
}
