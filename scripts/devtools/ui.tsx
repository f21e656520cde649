// The official Redux DevTools UI (`@redux-devtools/app`), connected at once to the socket server
// that serves this page. Its own `Root` starts disconnected and keeps the connection settings in
// IndexedDB, so the page builds the same store from the package's exported parts instead.
import {
  App,
  api,
  middlewares,
  rootReducer,
  saveSocketSettings,
  type StoreAction,
  type StoreState,
} from '@redux-devtools/app';
import { applyMiddleware, legacy_createStore as createStore, type Reducer } from '@reduxjs/toolkit';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';

const store = createStore(
  rootReducer as unknown as Reducer<StoreState, StoreAction>,
  applyMiddleware(...middlewares, api),
);
store.dispatch(
  saveSocketSettings({
    type: 'custom',
    hostname: location.hostname,
    port: Number(location.port || (location.protocol === 'https:' ? 443 : 80)),
    secure: location.protocol === 'https:',
  }),
);

const container = document.getElementById('root');
if (!container) throw new Error('The DevTools page has no #root element.');
createRoot(container).render(
  <Provider store={store}>
    <App />
  </Provider>,
);
