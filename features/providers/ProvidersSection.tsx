// Home's section of sign-in providers: every configured provider, connected or not, with "Connect"
// (a flow with the intent `connect`, which leaves for the provider) and "Disconnect" (asked once
// more), both behind the confirmation of it being you (ConfirmFirst). An account without a password
// is told how to set one. The requests are the provider listeners' (features/providers).
import type { MessageId } from '../../i18n/messages/en';
import { selectConfirmedUntil } from '../../store/confirmation/confirmationSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { ConfirmFirst } from '../../ui/confirm/ConfirmFirst';
import { requestErrorText } from '../../ui/form/requestErrorMessage';
import { useT } from '../../ui/intl/useT';
import { WithWords, type Words } from '../../ui/intl/WithWords';

import { useProviderLabel } from './providerNames';
import { providersEn } from './providers.messages';
import {
  providerDisconnectAsked,
  providerDisconnectCancelled,
  providerDisconnectConfirmed,
  providerListRetried,
  providerStartRequested,
  selectConnections,
  selectHasPassword,
  selectProviderDisconnect,
  selectProviderList,
  selectProviderReturn,
  selectProviders,
  selectProviderStart,
  type Provider,
} from './providersSlice';

const WORDS: Words = providersEn;

export function ProvidersSection() {
  return (
    <WithWords words={WORDS}>
      <Section />
    </WithWords>
  );
}

function Section() {
  const t = useT();
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectProviderList);
  const configured = useAppSelector(selectProviders);
  const connections = useAppSelector(selectConnections);
  const hasPassword = useAppSelector(selectHasPassword);
  const connected = new Set((connections ?? []).map(({ id }) => id));
  // Every configured provider, and any connected one no longer configured (to disconnect it).
  const providers: Row[] = [
    ...configured.map((provider) => ({ ...provider, connected: connected.has(provider.id) })),
    ...(connections ?? [])
      .filter(({ id }) => !configured.some((provider) => provider.id === id))
      .map((provider) => ({ ...provider, connected: true })),
  ];
  const confirmed = useAppSelector(selectConfirmedUntil) !== null;
  if (list === 'failed') {
    return (
      <div className="form-alert" role="alert">
        <p className="form-alert__message">{t('providers.listFailed')}</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => dispatch(providerListRetried())}
        >
          {t('providers.retry')}
        </button>
      </div>
    );
  }
  return (
    <>
      <p className="card__intro">{t('providers.intro')}</p>
      <ReturnSaid />
      {hasPassword === false ? (
        <p className="providers__note">{t('providers.noPassword')}</p>
      ) : null}
      {/* The list shows at once; its buttons once it is confirmed to be you. */}
      {confirmed ? null : (
        <ul className="providers">
          {providers.map((provider) => (
            <ProviderRow key={provider.id} provider={provider} actions={false} />
          ))}
        </ul>
      )}
      <ConfirmFirst why="confirm.why.providers">
        <ul className="providers">
          {providers.map((provider) => (
            <ProviderRow key={provider.id} provider={provider} actions />
          ))}
        </ul>
      </ConfirmFirst>
    </>
  );
}

/** What the last connection's return said. */
function ReturnSaid() {
  const t = useT();
  const label = useProviderLabel();
  const back = useAppSelector(selectProviderReturn);
  if (!back || back.step === 'completing') return null;
  const name = label(back.provider, back.name) ?? t('providers.someProvider');
  if (back.step === 'connected') {
    return (
      <p className="form-success" role="status">
        {t('providers.connectedNow', { name })}
      </p>
    );
  }
  if (back.intent !== 'connect') return null;
  const words: MessageId =
    back.failure === 'cancelled'
      ? 'providers.connectCancelled'
      : back.failure === 'identityTaken'
        ? 'providers.identityTaken'
        : back.failure === 'unchecked'
          ? 'providers.connectUnchecked'
          : 'providers.connectRefused';
  return (
    <div className="form-alert" role="alert">
      <p className="form-alert__message">{t(words, { name })}</p>
    </div>
  );
}

type Row = Provider & { connected: boolean };

function ProviderRow({ provider, actions }: { provider: Row; actions: boolean }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const start = useAppSelector(selectProviderStart);
  const disconnect = useAppSelector(selectProviderDisconnect);
  const { id, name } = provider;
  const mine = disconnect?.provider === id ? disconnect : null;
  const starting = start?.provider === id && start.step !== 'failed';
  return (
    <li className="providers__item" data-provider={id}>
      <div className="providers__head">
        <span className="providers__name">{name}</span>
        <span className="providers__state">
          {provider.connected ? t('providers.connected') : t('providers.notConnected')}
        </span>
      </div>
      {start?.provider === id && start.step === 'failed' && start.error ? (
        <div className="form-alert" role="alert">
          <p className="form-alert__message">
            {t('providers.connectFailed', { name, reason: requestErrorText(t, start.error) })}
          </p>
        </div>
      ) : null}
      {mine?.step === 'done' ? (
        <p className="form-success" role="status">
          {t('providers.disconnected', { name })}
        </p>
      ) : null}
      {mine?.step === 'failed' && mine.error ? (
        <div className="form-alert" role="alert">
          <p className="form-alert__message">
            {mine.error.code === 'LAST_WAY_IN'
              ? t('providers.lastWayIn', { name })
              : t('providers.disconnectFailed', { name, reason: requestErrorText(t, mine.error) })}
          </p>
        </div>
      ) : null}
      {!actions ? null : mine?.step === 'confirming' || mine?.step === 'sending' ? (
        <div className="providers__ask">
          <p>{t('providers.disconnectAsk', { name })}</p>
          <div className="providers__actions">
            <button
              type="button"
              className="button button--danger"
              disabled={mine.step === 'sending'}
              aria-busy={mine.step === 'sending'}
              onClick={() => dispatch(providerDisconnectConfirmed({ provider: id }))}
            >
              {mine.step === 'sending'
                ? t('providers.disconnecting')
                : t('providers.disconnectYes', { name })}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={mine.step === 'sending'}
              onClick={() => dispatch(providerDisconnectCancelled())}
            >
              {t('providers.keep')}
            </button>
          </div>
        </div>
      ) : (
        <div className="providers__actions">
          {provider.connected ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => dispatch(providerDisconnectAsked({ provider: id }))}
            >
              {t('providers.disconnect', { name })}
            </button>
          ) : (
            <button
              type="button"
              className="button button--secondary"
              disabled={start !== null && start.step !== 'failed'}
              aria-busy={starting}
              onClick={() => dispatch(providerStartRequested({ provider: id, intent: 'connect' }))}
            >
              {starting ? t('providers.opening', { name }) : t('providers.connect', { name })}
            </button>
          )}
        </div>
      )}
    </li>
  );
}
