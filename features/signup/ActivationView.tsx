import { FormattedMessage } from 'react-intl';
import { LINK_QUERY } from '../../contract/routes';

import { ROUTES } from '../../store/routes';
import { Address } from '../../ui/Address';
import { formsEn } from '../../ui/form/forms.messages';
import { useCodeLink } from '../../ui/form/useCodeLink';
import { useT } from '../../ui/intl/useT';
import { WithWords, type Words } from '../../ui/intl/WithWords';
import { Link } from '../../ui/Link';
import { PageCard } from '../../ui/PageCard';
import { activationEn } from './activation.messages';
import { ActivationForm } from './ActivationForm';

const WORDS: Words = { ...formsEn, ...activationEn };

/** The view, with its own words (bundled with its chunk) beside the app's. */
export default function ActivationView() {
  return (
    <WithWords words={WORDS}>
      <Activation />
    </WithWords>
  );
}

function Activation() {
  const t = useT();
  const link = useCodeLink();
  const email = link.form.initialEmail;
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
      <ActivationForm
        key={link.key}
        {...link.form}
        choosePassword={link.query.get(LINK_QUERY.choosePassword) === '1'}
      />
    </PageCard>
  );
}
