import { Link } from 'react-router-dom';

import { useAppDispatch } from '../../store/hooks';
import { ROUTES } from '../../store/navigation/routes';
import { navigationRequested } from '../../store/router/routerSlice';
import { LoginForm } from '../components/account/LoginForm';
import { useT } from '../components/intl/useT';
import { PageCard } from '../components/PageCard';

export default function LoginView() {
  const t = useT();
  const dispatch = useAppDispatch();
  return (
    <PageCard
      title={t('login.title')}
      intro={t('login.intro')}
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
      <LoginForm onSuccess={() => dispatch(navigationRequested({ to: ROUTES.home }))} />
    </PageCard>
  );
}
