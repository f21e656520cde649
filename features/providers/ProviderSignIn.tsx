// "Continue with …" on the login and sign-up views, and what a provider's return said. Its own chunk
// with its words, preloaded when either view opens and shown only where a provider is configured or
// a return has something to say (features/login/LoginView.tsx, SignupView.tsx). Leaving for the provider
// and finishing its return are the provider listeners' (features/providers/providerListeners.ts).
import type { MessageId } from '../../i18n/messages/en';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { requestErrorText } from '../../ui/form/requestErrorMessage';
import { useT } from '../../ui/intl/useT';
import { WithWords, type Words } from '../../ui/intl/WithWords';

import { providerName, useProviderLabel } from './providerNames';
import { providerButtonsEn } from './providers.messages';
import {
  providerStartRequested,
  selectProviderReturn,
  selectProviders,
  selectProviderStart,
  type ReturnFailure,
} from './providersSlice';

const WORDS: Words = providerButtonsEn;

const FAILURES: Record<ReturnFailure, MessageId> = {
  accountExists: 'providerButtons.accountExists',
  emailNotVerified: 'providerButtons.emailNotVerified',
  cancelled: 'providerButtons.cancelled',
  expired: 'providerButtons.expired',
  failed: 'providerButtons.failed',
  unchecked: 'providerButtons.unchecked',
  identityTaken: 'providerButtons.failed',
  sessionEnded: 'providerButtons.sessionEnded',
};

export interface ProviderSignInProps {
  /** `return`: what the last return said, above the form; `buttons`: the providers, below it. */
  place: 'return' | 'buttons';
}

export default function ProviderSignIn({ place }: ProviderSignInProps) {
  return (
    <WithWords words={WORDS}>
      {place === 'return' ? <ProviderReturnSaid /> : <ProviderButtons />}
    </WithWords>
  );
}

function ProviderReturnSaid() {
  const t = useT();
  const label = useProviderLabel();
  const back = useAppSelector(selectProviderReturn);
  if (!back || back.step === 'connected') return null;
  const name = label(back.provider, back.name) ?? t('providerButtons.someProvider');
  if (back.step === 'completing') {
    return (
      <p className="provider-return provider-return--busy" role="status" aria-busy="true">
        {t('providerButtons.completing', { name })}
      </p>
    );
  }
  const reason = back.error ? requestErrorText(t, back.error) : '';
  return (
    <div className="form-alert provider-return" role="alert" tabIndex={-1}>
      <p className="form-alert__message">{t(FAILURES[back.failure], { name, reason })}</p>
    </div>
  );
}

function ProviderButtons() {
  const t = useT();
  const dispatch = useAppDispatch();
  const providers = useAppSelector(selectProviders);
  const start = useAppSelector(selectProviderStart);
  const back = useAppSelector(selectProviderReturn);
  if (providers.length === 0) return null;
  const busy = start !== null && start.step !== 'failed';
  const completing = back?.step === 'completing';
  const failedName = start?.step === 'failed' ? providerName(providers, start.provider) : null;
  return (
    <div className="provider-sign-in" role="group" aria-label={t('providerButtons.label')}>
      <p className="provider-sign-in__label" aria-hidden="true">
        {t('providerButtons.label')}
      </p>
      {start?.step === 'failed' && start.error ? (
        <div className="form-alert" role="alert">
          <p className="form-alert__message">
            {t('providerButtons.startFailed', {
              name: failedName ?? t('providerButtons.someProvider'),
              reason: requestErrorText(t, start.error),
            })}
          </p>
        </div>
      ) : null}
      {providers.map(({ id, name }) => {
        const thisOne = busy && start.provider === id;
        return (
          <button
            key={id}
            type="button"
            className="button button--secondary provider-sign-in__button"
            data-provider={id}
            disabled={busy || completing}
            aria-busy={thisOne}
            onClick={() => dispatch(providerStartRequested({ provider: id, intent: 'login' }))}
          >
            {thisOne
              ? t('providerButtons.opening', { name })
              : t('providerButtons.continueWith', { name })}
          </button>
        );
      })}
    </div>
  );
}
