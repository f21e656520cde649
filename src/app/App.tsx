import { StrictMode } from 'react';
import { Provider } from 'react-redux';

import type { AppStore } from '../../store/store';

import { Layout } from './Layout';
import { LocaleProvider } from './LocaleProvider';
import { RootView } from './RootView';
import { StoreRouter } from './StoreRouter';

/** The whole app for one store: the live one, a test's, or a replayed state's. */
export function App({ store }: { store: AppStore }) {
  return (
    <StrictMode>
      <Provider store={store}>
        <LocaleProvider>
          <StoreRouter>
            <Layout>
              <RootView />
            </Layout>
          </StoreRouter>
        </LocaleProvider>
      </Provider>
    </StrictMode>
  );
}
