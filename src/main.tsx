/// <reference types="webpack/module" />
// First, before the rest is evaluated: the first navigation's requests leave now.
import './app/startEarly';
import './endpoints';
import { createRoot } from 'react-dom/client';

import { installActionLogGlobal } from '../features/action-logs/installActionLogGlobal';
import { mirrorLogOnLeave, takeMirroredLog } from '../features/action-logs/tabMirror';
import { api } from '../store/apiSlice';
import { swapStoreModules } from '../store/devtools/hotSwap';
import { storeDevTools } from '../store/devtools/storeDevTools';
import { rootReducer } from '../store/rootReducer';
import { startStore } from '../store/startStore';
import { addAppListeners } from '../store/store';

import { installMobileDeviceGlobal } from '../ui/device/isMobileDevice';
import { App } from './app/App';
import { browserEffects } from './app/browserEffects';
import { preloadViewsOfEachNavigation } from './app/preloadViews';
import { retryBrokenViewAfterHotUpdate } from './app/viewErrors';
import './styles/app.css';

installMobileDeviceGlobal(window);

const effects = browserEffects(window);
const store = startStore(effects, {
  ...storeDevTools(),
  restoredActionLog: takeMirroredLog(window),
});
installActionLogGlobal(window, store);
mirrorLogOnLeave(window, store);

preloadViewsOfEachNavigation(store);

// Dev server: slice and listener edits swap into the running store. A new RTK Query API would
// need new middleware, so an API edit reloads the page.
const apiAtStart = api;
// Startup-only wiring (history bridge, start state, DevTools options) keeps its first version.
import.meta.webpackHot?.accept(
  [
    '../store/store',
    '../store/rootReducer',
    '../store/apiSlice',
    '../store/routes',
    '../store/storedState',
    '../store/startStore',
    '../store/devtools/storeDevTools',
    '../store/devtools/startLocation',
    '../store/devtools/hotSwap',
  ],
  () => {
    if (api !== apiAtStart) window.location.reload();
    else swapStoreModules(store, { rootReducer, addAppListeners });
  },
);

// Development: a view that broke while rendering is tried again once an edit is applied.
import.meta.webpackHot?.addStatusHandler((status) => {
  if (status === 'idle') retryBrokenViewAfterHotUpdate(store);
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(<App store={store} />);
