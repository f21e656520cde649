import { FormattedMessage } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';

import { useAppDispatch } from '../../store/hooks';
import { ROUTES } from '../../store/navigation/routes';
import { navigationRequested } from '../../store/router/routerSlice';
import { ActivationForm } from '../components/account/ActivationForm';
import { Address } from '../components/Address';
import { useT } from '../components/intl/useT';
import { PageCard } from '../components/PageCard';

export default function ActivationView() {
  const t = useT();
  const dispatch = useAppDispatch();
  const [query] = useSearchParams();
  const email = query.get('email') ?? '';
  const code = query.get('code') ?? '';
  // The link's token: it gets the code past tries strangers spent.
  const linkToken = query.get('token') ?? undefined;
  const choosePassword = query.get('choose') === '1';
  return (
    <PageCard
      title={t('activation.title')}
      intro={
        email ? (
          <FormattedMessage id="activation.sentTo" values={{ email: <Address value={email} /> }} />
        ) : (
          t('activation.intro')
        )
      }
      links={
        <>
          <p>
            {t('activation.noCode')} <Link to={ROUTES.signup}>{t('activation.signupLink')}</Link>
          </p>
          <p>
            <Link to={ROUTES.login}>{t('activation.loginLink')}</Link>
          </p>
        </>
      }
    >
      {/* A new query is a new prefill: the key gives the uncontrolled fields fresh defaults. */}
      <ActivationForm
        key={`${email}\n${code}`}
        initialEmail={email}
        initialCode={code}
        linkToken={linkToken}
        choosePassword={choosePassword}
        onSuccess={() => dispatch(navigationRequested({ to: ROUTES.home }))}
      />
    </PageCard>
  );
}
