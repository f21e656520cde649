import { useIntl } from 'react-intl';

import type { PublicUser } from '../../../contract/api';
import { Address } from '../Address';
import { useT } from '../intl/useT';

import { formatExpiry } from './formatExpiry';

interface SessionDetailsProps {
  user: PublicUser;
  /** Unix seconds. */
  expiresAt: number | null;
}

export function SessionDetails({ user, expiresAt }: SessionDetailsProps) {
  const t = useT();
  const intl = useIntl();
  const expiry = expiresAt === null ? null : new Date(expiresAt * 1000);
  return (
    <dl className="details">
      <div className="details__row">
        <dt>{t('home.name')}</dt>
        <dd>{user.name}</dd>
      </div>
      <div className="details__row">
        <dt>{t('home.email')}</dt>
        <dd className="details__email">
          <Address value={user.email} />
        </dd>
      </div>
      <div className="details__row">
        <dt>{t('home.sessionEnds')}</dt>
        <dd>
          {expiry ? (
            <time dateTime={expiry.toISOString()}>{formatExpiry(intl, t, expiry)}</time>
          ) : (
            t('home.sessionEndsUnknown')
          )}
        </dd>
      </div>
    </dl>
  );
}
