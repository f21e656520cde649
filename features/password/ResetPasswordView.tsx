import { useAppDispatch } from '../../store/hooks';
import { navigationRequested } from '../../store/router/routerSlice';
import { resetPasswordHref, ROUTES } from '../../store/routes';
import { formsEn } from '../../ui/form/forms.messages';
import { useCodeLink } from '../../ui/form/useCodeLink';
import { useT } from '../../ui/intl/useT';
import { WithWords, type Words } from '../../ui/intl/WithWords';
import { Link } from '../../ui/Link';
import { PageCard } from '../../ui/PageCard';
import { resetPasswordEn } from './reset.messages';
import { ResetPasswordForm } from './ResetPasswordForm';
import { ResetRequestForm } from './ResetRequestForm';

/**
 * A forgotten password, in two steps read off the address: without `?email=` the visitor asks
 * for a code; with it (after asking, or from the mail's link) they enter the code and a new
 * password. The step is in the URL, so reload, back and time travel show the same step.
 */
const WORDS: Words = { ...formsEn, ...resetPasswordEn };

/** The view, with its own words (bundled with its chunk) beside the app's. */
export default function ResetPasswordView() {
  return (
    <WithWords words={WORDS}>
      <ResetPassword />
    </WithWords>
  );
}

function ResetPassword() {
  const t = useT();
  const dispatch = useAppDispatch();
  const link = useCodeLink();
  const { initialEmail: email, initialCode: code } = link.form;
  const loginLink = (
    <p>
      <Link to={ROUTES.login}>{t('reset.loginLink')}</Link>
    </p>
  );

  if (!email) {
    return (
      // Each step is a view of its own that opens with the focus on its first empty field.
      <PageCard
        key="request"
        title={t('reset.requestTitle')}
        intro={t('reset.requestIntro')}
        links={loginLink}
      >
        <ResetRequestForm
          onSuccess={(sentTo) => dispatch(navigationRequested({ to: resetPasswordHref(sentTo) }))}
        />
      </PageCard>
    );
  }
  return (
    <PageCard
      key="code"
      title={t('reset.title')}
      intro={code ? t('reset.intro') : t('reset.sentTo', { email })}
      links={
        <>
          <p>
            <Link to={ROUTES.resetPassword}>{t('reset.newCodeLink')}</Link>
          </p>
          {loginLink}
        </>
      }
    >
      <ResetPasswordForm key={link.key} {...link.form} />
    </PageCard>
  );
}
