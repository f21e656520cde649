import './home.css';

import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';

import { LINK_QUERY } from '../../../contract/routes';
import { DeleteAccountForm } from '../../../features/account-deletion/DeleteAccountForm';
import { ChangeEmailForm } from '../../../features/email-change/ChangeEmailForm';
import { SessionList } from '../../../features/login/SessionList';
import { PasskeyReviewOffer } from '../../../features/passkeys/PasskeyReview';
import { PasskeysSection } from '../../../features/passkeys/PasskeysSection';
import { ChangePasswordForm } from '../../../features/password/ChangePasswordForm';
import { ConfirmWithProvider } from '../../../features/providers/ConfirmWithProvider';
import { useProviderName } from '../../../features/providers/ProvidersPart';
import { ProvidersSection } from '../../../features/providers/ProvidersSection';
import { selectProviders } from '../../../features/providers/providersSlice';
import { useHasPassword } from '../../../features/providers/useHasPassword';
import { SecondFactorSection } from '../../../features/second-factor/SecondFactorSection';
import type { MessageId } from '../../../i18n/messages/en';
import { selectUser } from '../../../store/authSlice';
import {
  HOME_SECTIONS,
  homeSectionHref,
  homeSectionOf,
  type HomeSection,
} from '../../../store/home/homeSections';
import { useAppSelector } from '../../../store/hooks';
import { ConfirmFirst } from '../../../ui/confirm/ConfirmFirst';
import { FeaturePartsProvider, useFeatureParts } from '../../../ui/featureParts';
import { useT } from '../../../ui/intl/useT';
import { WithWords } from '../../../ui/intl/WithWords';
import { Link } from '../../../ui/Link';
import { PageCard } from '../../../ui/PageCard';
import { HomeOverview } from './HomeOverview';
import { HOME_WORDS } from './homeWords';

/** Home, with its own words (bundled with home's chunk) beside the app's. */
export default function HomeView() {
  const parts = useFeatureParts();
  const homeParts = useMemo(
    () => ({
      ...parts,
      PasskeyReviewOffer,
      ProviderConfirm: ConfirmWithProvider,
      useHasPassword,
      useProviderName,
    }),
    [parts],
  );
  return (
    <FeaturePartsProvider value={homeParts}>
      <WithWords words={HOME_WORDS}>
        <Home />
      </WithWords>
    </FeaturePartsProvider>
  );
}

const TITLES: Record<HomeSection, MessageId> = {
  profile: 'section.profile',
  password: 'section.password',
  passkeys: 'section.passkeys',
  security: 'section.security',
  sessions: 'section.sessions',
  providers: 'section.providers',
  delete: 'section.delete',
};

/**
 * Home: the overview of the account first, then its settings in sections opened one at a time.
 * The open section is the address's (`/?section=…`), read from the store's location, so a reload,
 * Back and time travel open the same one. On arrival the focus is on the heading (PageCard); when
 * a section opens or closes, on that section's own heading, never on <body>.
 */
function Home() {
  const t = useT();
  const user = useAppSelector(selectUser);
  const [query] = useSearchParams();
  const open = homeSectionOf(query.toString());
  // No provider configured: no section of providers.
  const hasProviders = useAppSelector(selectProviders).length > 0;
  const sections = HOME_SECTIONS.filter((section) => section !== 'providers' || hasProviders);
  const ids = useId();
  const previous = useRef<HomeSection | null | undefined>(undefined);
  useEffect(() => {
    const before = previous.current;
    previous.current = open;
    if (before === undefined || before === open) return;
    document.getElementById(`${ids}-${open ?? before}`)?.focus();
  }, [open, ids]);
  return (
    <PageCard
      title={user ? t('home.greeting', { name: user.name }) : t('home.title')}
      focusOnOpen="heading"
    >
      <HomeOverview />
      <nav className="home-sections" aria-label={t('home.settings')}>
        {sections.map((section) => (
          <SectionHeading
            key={section}
            section={section}
            open={open === section}
            linkId={`${ids}-${section}`}
            title={t(TITLES[section])}
          >
            <SectionContent section={section} query={query} />
          </SectionHeading>
        ))}
      </nav>
    </PageCard>
  );
}

function SectionHeading({
  section,
  open,
  linkId,
  title,
  children,
}: {
  section: HomeSection;
  open: boolean;
  linkId: string;
  title: string;
  children: ReactNode;
}) {
  const panelId = useId();
  return (
    <section className="home-section" aria-labelledby={linkId} data-section={section}>
      <h2 className="home-section__title">
        <Link
          id={linkId}
          to={homeSectionHref(open ? null : section)}
          className="home-section__toggle"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
        >
          {title}
        </Link>
      </h2>
      {open ? (
        <div id={panelId} className="home-section__panel">
          {children}
        </div>
      ) : null}
    </section>
  );
}

function SectionContent({ section, query }: { section: HomeSection; query: URLSearchParams }) {
  const t = useT();
  switch (section) {
    case 'profile':
      return (
        <>
          <p className="card__intro">{t('email.intro')}</p>
          <ChangeEmailForm
            linkCode={query.get(LINK_QUERY.emailCode) ?? ''}
            linkToken={query.get(LINK_QUERY.token) ?? undefined}
          />
        </>
      );
    case 'password':
      return (
        <ConfirmFirst why="confirm.why.password">
          <ChangePasswordForm />
        </ConfirmFirst>
      );
    case 'passkeys':
      return <PasskeysSection />;
    case 'security':
      return <SecondFactorSection />;
    case 'sessions':
      return <SessionList />;
    case 'providers':
      return <ProvidersSection />;
    case 'delete':
      return (
        <>
          <p className="card__intro">{t('delete.intro')}</p>
          <ConfirmFirst why="confirm.why.delete">
            <DeleteAccountForm />
          </ConfirmFirst>
        </>
      );
  }
}
