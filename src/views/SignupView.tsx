import { Link } from 'react-router-dom';

import { useAppDispatch } from '../../store/hooks';
import { activationHref, ROUTES } from '../../store/navigation/routes';
import { navigationRequested } from '../../store/router/routerSlice';
import { SignupForm } from '../components/account/SignupForm';
import { useT } from '../components/intl/useT';
import { PageCard } from '../components/PageCard';

export default function SignupView() {
  const t = useT();
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
      <SignupForm
        onSuccess={(email) => dispatch(navigationRequested({ to: activationHref(email) }))}
      />
    </PageCard>
  );
}
