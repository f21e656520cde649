import { useAppDispatch } from '../../store/hooks';
import { navigationRequested } from '../../store/router/routerSlice';
import { activationHref, ROUTES } from '../../store/routes';
import { useFeatureParts } from '../../ui/featureParts';
import { formsEn } from '../../ui/form/forms.messages';
import { useT } from '../../ui/intl/useT';
import { WithWords, type Words } from '../../ui/intl/WithWords';
import { Link } from '../../ui/Link';
import { PageCard } from '../../ui/PageCard';
import { signupEn } from './signup.messages';
import { SignupForm } from './SignupForm';

const WORDS: Words = { ...formsEn, ...signupEn };

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
