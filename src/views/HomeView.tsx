import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';

import { selectSessionExpiresAt, selectUser } from '../../store/auth/authSlice';
import { useAppSelector } from '../../store/hooks';
import { ChangeEmailForm } from '../components/account/ChangeEmailForm';
import { ChangePasswordForm } from '../components/account/ChangePasswordForm';
import { DeleteAccountForm } from '../components/account/DeleteAccountForm';
import { HOME_WORDS } from '../components/account/homeWords';
import { LogoutButton } from '../components/account/LogoutButton';
import { PasskeysSection } from '../components/account/PasskeysSection';
import { SecondFactorSection } from '../components/account/SecondFactorSection';
import { SessionDetails } from '../components/account/SessionDetails';
import { SessionList } from '../components/account/SessionList';
import { useT } from '../components/intl/useT';
import { WithWords } from '../components/intl/WithWords';
import { PageCard } from '../components/PageCard';

function HomeSection({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="card__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="card__subtitle">
        {title}
      </h2>
      {intro ? <p className="card__intro">{intro}</p> : null}
      {children}
    </section>
  );
}

/** Home, with its own words (bundled with home's chunk) beside the app's. */
export default function HomeView() {
  return (
    <WithWords words={HOME_WORDS}>
      <Home />
    </WithWords>
  );
}

function Home() {
  const t = useT();
  const user = useAppSelector(selectUser);
  const expiresAt = useAppSelector(selectSessionExpiresAt);
  const [query] = useSearchParams();
  return (
    <PageCard
      title={user ? t('home.greeting', { name: user.name }) : t('home.title')}
      intro={t('home.title')}
    >
      {user ? <SessionDetails user={user} expiresAt={expiresAt} /> : null}
      <div className="card__actions">
        <LogoutButton />
      </div>
      <HomeSection title={t('sessions.title')}>
        <SessionList />
      </HomeSection>
      <PasskeysSection />
      <HomeSection title={t('password.title')}>
        <ChangePasswordForm />
      </HomeSection>
      <HomeSection title={t('email.title')} intro={t('email.intro')}>
        <ChangeEmailForm
          linkCode={query.get('email-code') ?? ''}
          linkToken={query.get('token') ?? undefined}
        />
      </HomeSection>
      <SecondFactorSection />
      <HomeSection title={t('delete.title')} intro={t('delete.intro')}>
        <DeleteAccountForm />
      </HomeSection>
    </PageCard>
  );
}
