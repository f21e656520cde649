import { formsEn, formsKh } from '../../i18n/messages/forms';
import { signupEn, signupKh } from '../../i18n/messages/signup';

import { useAppDispatch } from '../../store/hooks';
import { activationHref, ROUTES } from '../../store/navigation/routes';
import { navigationRequested } from '../../store/router/routerSlice';
import { SignupForm } from '../components/account/SignupForm';
import { useFeatureParts } from '../components/featureParts';
import { useT } from '../components/intl/useT';
import { WithWords, type Words } from '../components/intl/WithWords';
import { Link } from '../components/Link';
import { PageCard } from '../components/PageCard';

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
  const { ProviderSignIn } = useFeatureParts();
  const dispatch = useAppDispatch();
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
      {ProviderSignIn ? <ProviderSignIn place="return" /> : null}
      <SignupForm
        onSuccess={(email) => dispatch(navigationRequested({ to: activationHref(email) }))}
      />
      {ProviderSignIn ? <ProviderSignIn place="buttons" /> : null}
    </PageCard>
  );
}
