import { StrictMode } from 'react';
import { Provider } from 'react-redux';

import { PasskeyConfirm } from '../../features/passkeys/PasskeyConfirm';
import { PasskeyLoginPart } from '../../features/passkeys/PasskeyLoginPart';
import { usePasskeyCount } from '../../features/passkeys/usePasskeyCount';
import { ProvidersPart } from '../../features/providers/ProvidersPart';
import { useSecondFactorOn } from '../../features/second-factor/useSecondFactorOn';
import type { AppStore } from '../../store/store';
import { FeaturePartsProvider, type FeatureParts } from '../../ui/featureParts';

import { Layout } from './Layout';
import { LocaleProvider } from './LocaleProvider';
import { RootView } from './RootView';
import { StoreRouter } from './StoreRouter';

/** The parts a feature shows in another's view, handed in here (home adds its own). */
const PARTS: FeatureParts = {
  PasskeyLogin: PasskeyLoginPart,
  ProviderSignIn: ProvidersPart,
  PasskeyConfirm,
  useSecondFactorOn,
  usePasskeyCount,
};

/** The whole app for one store: the live one, a test's, or a replayed state's. */
export function App({ store }: { store: AppStore }) {
  return (
    <StrictMode>
      <Provider store={store}>
        <LocaleProvider>
          <StoreRouter>
            <FeaturePartsProvider value={PARTS}>
              <Layout>
                <RootView />
              </Layout>
            </FeaturePartsProvider>
          </StoreRouter>
        </LocaleProvider>
      </Provider>
    </StrictMode>
  );
}
