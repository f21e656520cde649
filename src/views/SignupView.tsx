import { useEffect } from 'react';

import { formsEn, formsKh } from '../../i18n/messages/forms';
import { signupEn, signupKh } from '../../i18n/messages/signup';

import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { activationHref, ROUTES } from '../../store/navigation/routes';
import { selectProviderReturn, selectProviders } from '../../store/providers/providersSlice';
import { navigationRequested } from '../../store/router/routerSlice';
import { SignupForm } from '../components/account/SignupForm';
import { useT } from '../components/intl/useT';
import { WithWords, type Words } from '../components/intl/WithWords';
import { Link } from '../components/Link';
import { PageCard } from '../components/PageCard';
import { Providers } from '../components/providers/providersPart';

const WORDS: Words = { en: { ...formsEn, ...signupEn }, kh: { ...formsKh, ...signupKh } };

/** The view, with its own words (bundled with its chunk) beside the app's. */
export default function SignupView() {
  return (
    <WithWords words={WORDS}>
      <Signup />
    </WithWords>
  );
}

function Signup() {
  const t = useT();
  const dispatch = useAppDispatch();
  const hasProviders = useAppSelector(selectProviders).length > 0;
  const providerReturn = useAppSelector(selectProviderReturn);
  useEffect(() => Providers.preload(), []);
  return (
    <PageCard
      title={t('signup.title')}
      intro={t('signup.intro')}
      links={
        <>
          <p>
            {t('signup.haveAccount')} <Link to={ROUTES.login}>{t('signup.loginLink')}</Link>
          </p>
          <p>
            {t('signup.haveCode')} <Link to={ROUTES.activation}>{t('signup.activationLink')}</Link>
          </p>
        </>
      }
    >
      {providerReturn ? <Providers.Part place="return" /> : null}
      <SignupForm
        onSuccess={(email) => dispatch(navigationRequested({ to: activationHref(email) }))}
      />
      {hasProviders ? <Providers.Part place="buttons" /> : null}
    </PageCard>
  );
}
