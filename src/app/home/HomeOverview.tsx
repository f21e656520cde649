// What home shows first, before any setting: who is signed in, what waits (an email change), how
// many devices are signed in, whether two-step sign-in and passkeys are on, when this session ends,
// and, after a password reset, the passkeys added lately. Each line is the store's, as the server
// said; a line still asked for reads as such.
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';

import { selectPendingEmail } from '../../../features/email-change/emailChangeSlice';
import { LogoutButton } from '../../../features/login/LogoutButton';
import { selectSessions } from '../../../features/login/sessionsSlice';
import { PasskeyReviewOffer } from '../../../features/passkeys/PasskeyReview';
import { selectPasskeyList } from '../../../features/passkeys/passkeysSlice';
import { selectSecondFactor } from '../../../features/second-factor/secondFactorSlice';
import { selectSessionExpiresAt, selectUser } from '../../../store/authSlice';
import { homeSectionHref } from '../../../store/home/homeSections';
import { useAppSelector } from '../../../store/hooks';
import { Address } from '../../../ui/Address';
import { formatExpiry } from '../../../ui/formatExpiry';
import { useT } from '../../../ui/intl/useT';
import { Link } from '../../../ui/Link';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="details__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function HomeOverview() {
  const t = useT();
  const intl = useIntl();
  const user = useAppSelector(selectUser);
  const expiresAt = useAppSelector(selectSessionExpiresAt);
  const sessions = useAppSelector(selectSessions);
  const factor = useAppSelector(selectSecondFactor);
  const passkeys = useAppSelector(selectPasskeyList);
  const pendingEmail = useAppSelector(selectPendingEmail);
  const asking = t('home.asking');
  const expiry = expiresAt === null ? null : new Date(expiresAt * 1000);
  if (!user) return null;
  return (
    <div className="overview">
      <dl className="details">
        <Row label={t('home.name')}>{user.name}</Row>
        <Row label={t('home.email')}>
          <span className="details__email">
            <Address value={user.email} />
          </span>
          {pendingEmail ? (
            <span className="overview__pending">
              {t('home.pendingEmail', { email: pendingEmail })}{' '}
              <Link to={homeSectionHref('profile')}>{t('home.pendingEmailLink')}</Link>
            </span>
          ) : null}
        </Row>
        <Row label={t('home.devices')}>
          {sessions.status === 'loaded'
            ? t('home.devicesCount', { count: sessions.list.length })
            : asking}
        </Row>
        <Row label={t('home.twoStep')}>
          {factor ? t(factor.enabled ? 'home.on' : 'home.off') : asking}
        </Row>
        <Row label={t('home.passkeys')}>
          {passkeys.status === 'loaded'
            ? t('home.passkeysCount', { count: passkeys.items.length })
            : asking}
        </Row>
        <Row label={t('home.sessionEnds')}>
          {expiry ? (
            <time dateTime={expiry.toISOString()}>{formatExpiry(intl, t, expiry)}</time>
          ) : (
            t('home.sessionEndsUnknown')
          )}
        </Row>
      </dl>
      <PasskeyReviewOffer reason="reset" level={2} />
      <div className="card__actions">
        <LogoutButton />
      </div>
    </div>
  );
}
