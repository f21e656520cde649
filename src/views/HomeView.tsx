import { selectSessionExpiresAt, selectUser } from '../../store/auth/authSlice';
import { useAppSelector } from '../../store/hooks';
import { LogoutButton } from '../components/account/LogoutButton';
import { SessionDetails } from '../components/account/SessionDetails';
import { useT } from '../components/intl/useT';
import { PageCard } from '../components/PageCard';

export default function HomeView() {
  const t = useT();
  const user = useAppSelector(selectUser);
  const expiresAt = useAppSelector(selectSessionExpiresAt);
  return (
    <PageCard
      title={user ? t('home.greeting', { name: user.name }) : t('home.title')}
      intro={t('home.title')}
    >
      {user ? <SessionDetails user={user} expiresAt={expiresAt} /> : null}
      <div className="card__actions">
        <LogoutButton />
      </div>
    </PageCard>
  );
}
