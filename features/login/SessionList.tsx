import { useRef } from 'react';
import { useIntl } from 'react-intl';

import { describeDevice } from '../../contract/device';
import type { MessageId } from '../../i18n/messages/en';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { useFeatureParts } from '../../ui/featureParts';
import { requestErrorText } from '../../ui/form/requestErrorMessage';
import { useEndpointCall } from '../../ui/form/useEndpointForm';

import { formatExpiry } from '../../ui/formatExpiry';
import { useT, type Translate } from '../../ui/intl/useT';
import { LoadFailed } from '../../ui/LoadFailed';
import type { SessionInfo } from './schemas';
import { selectSessions, sessionsRetried } from './sessionsSlice';

function deviceName(t: Translate, userAgent: string) {
  const { browser, system } = describeDevice(userAgent);
  return t('sessions.device', {
    browser: browser ?? t('sessions.unknownBrowser'),
    system: system ?? t('sessions.unknownSystem'),
  });
}

/** How each session was opened: a password, a passkey, or a password and a second factor. */
const OPENED_BY: Partial<Record<NonNullable<SessionInfo['openedBy']>, MessageId>> = {
  password: 'sessions.openedByPassword',
  passkey: 'sessions.openedByPasskey',
  'password+totp': 'sessions.openedByTotp',
  'password+recovery': 'sessions.openedByRecovery',
};

/**
 * The account's live sessions, this one first, each other one with a button to end it; once all
 * others are ended, the passkeys added lately, which still sign in.
 */
const providerIdOnly = () => (id: string) => id;

export function SessionList() {
  const t = useT();
  const { PasskeyReviewOffer, useProviderName = providerIdOnly } = useFeatureParts();
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const sessions = useAppSelector(selectSessions);
  const providerName = useProviderName();
  // Both endings share the request state of the table's `revokeSessions` form.
  const { submission: revoking, send: endOthers } = useEndpointCall('revokeOtherSessions');
  const { send: endOne } = useEndpointCall('revokeSession');
  const busy = revoking.status === 'pending';
  const when = (iso: string) => formatExpiry(intl, t, new Date(iso));
  const listRef = useRef<HTMLDivElement>(null);
  // An ended session leaves the list with its button: the focus stays in the list, not <body>.
  const ended = (result: object) => {
    if ('data' in result) listRef.current?.focus();
  };

  if (sessions.status === 'failed' && sessions.error) {
    return (
      <LoadFailed
        message={t('sessions.loadFailed')}
        error={sessions.error}
        retryLabel={t('sessions.retry')}
        onRetry={() => dispatch(sessionsRetried())}
      />
    );
  }
  if (sessions.status !== 'loaded') return <p aria-busy="true">{t('sessions.loading')}</p>;

  const ordered = [...sessions.list].sort((a, b) => Number(b.current) - Number(a.current));
  const others = ordered.filter((session) => !session.current);
  const item = (session: SessionInfo) => {
    const openedBy = session.openedBy && OPENED_BY[session.openedBy];
    // `provider:<id>`: the provider's name where it is still configured, else its id.
    const providerId = session.openedBy?.startsWith('provider:')
      ? session.openedBy.slice('provider:'.length)
      : null;
    const provider = providerId ? providerName(providerId) : null;
    const device = deviceName(t, session.userAgent);
    const lastUsed = when(session.lastUsedAt);
    return (
      <li key={session.id} className="sessions__item" data-session={session.id}>
        <p className="sessions__device">
          {device}
          {session.current ? <span className="badge">{t('sessions.thisDevice')}</span> : null}
        </p>
        {openedBy ? <p className="sessions__when">{t(openedBy)}</p> : null}
        {provider ? (
          <p className="sessions__when">{t('providers.openedBy', { name: provider })}</p>
        ) : null}
        <p className="sessions__when">{t('sessions.lastUsed', { date: lastUsed })}</p>
        <p className="sessions__when">{t('sessions.started', { date: when(session.createdAt) })}</p>
        {session.current ? null : (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            aria-label={t('sessions.endLabel', { device, date: lastUsed })}
            onClick={() => void endOne({ id: session.id }).then(ended)}
          >
            {t('sessions.end')}
          </button>
        )}
      </li>
    );
  };

  return (
    <div ref={listRef} className="sessions" aria-busy={busy} tabIndex={-1}>
      <ul className="sessions__list">{ordered.map(item)}</ul>
      {revoking.status === 'failed' && revoking.error ? (
        <p role="alert">{requestErrorText(t, revoking.error)}</p>
      ) : null}
      {others.length > 0 ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void endOthers().then(ended)}
        >
          {busy ? t('sessions.ending') : t('sessions.endOthers')}
        </button>
      ) : (
        <p className="sessions__only">{t('sessions.onlyThis')}</p>
      )}
      {PasskeyReviewOffer ? <PasskeyReviewOffer reason="endOthers" level={3} /> : null}
    </div>
  );
}
