// "Confirm with …" in the gate of home's sensitive changes (ConfirmFirst): a provider connected to
// the account confirms it is you (the flow's intent `confirm`), the one way for an account made by
// a provider that has no password or passkey. The flow leaves for the provider and comes back to
// the same section, confirmed (features/providers/providerListeners.ts).
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { useT } from '../../ui/intl/useT';

import { providerName } from './providerNames';
import {
  providerStartRequested,
  selectConnections,
  selectProviderReturn,
  selectProviders,
  selectProviderStart,
} from './providersSlice';

export function ConfirmWithProvider() {
  const t = useT();
  const dispatch = useAppDispatch();
  const configured = useAppSelector(selectProviders);
  const connections = useAppSelector(selectConnections);
  const start = useAppSelector(selectProviderStart);
  const back = useAppSelector(selectProviderReturn);
  // Only a provider still configured can be asked.
  const usable = (connections ?? []).filter(({ id }) => configured.some((p) => p.id === id));
  if (usable.length === 0) return null;
  const busy = start !== null && start.step !== 'failed';
  const refused =
    back?.step === 'failed' && back.intent === 'confirm'
      ? (providerName(configured, back.provider) ?? back.provider)
      : null;
  return (
    <div className="confirm__providers">
      {usable.map(({ id, name }) => (
        <button
          key={id}
          type="button"
          className="button button--secondary"
          data-provider={id}
          disabled={busy}
          aria-busy={busy && start.provider === id}
          onClick={() => dispatch(providerStartRequested({ provider: id, intent: 'confirm' }))}
        >
          {busy && start.provider === id
            ? t('confirm.withProviderBusy', { name })
            : t('confirm.withProvider', { name })}
        </button>
      ))}
      <p role="status" className="confirm__problem">
        {refused ? t('confirm.providerFailed', { name: refused }) : null}
      </p>
    </div>
  );
}
