// replay.html: opens a recorded action log and shows the app's real views for each of its states.
import '../endpoints';
import { createRoot } from 'react-dom/client';

import { STORAGE_KEYS } from '../../store/constants';
import { decodeLocale } from '../../store/locale/localeSlice';
import '../styles/app.css';

import { ReplayPage } from './ReplayPage';
import './replay.css';

function storedLocale() {
  try {
    return decodeLocale(window.localStorage.getItem(STORAGE_KEYS.locale));
  } catch {
    return decodeLocale(null);
  }
}

const container = document.getElementById('root');
if (!container) throw new Error('replay.html has no #root element');
// `?log=/log.json`: a log served beside the page (`npm run replay -- --ref REF --page`), and
// `&server=/log.server.json` what the server recorded of its requests; `?upload=REF` an upload
// read through the operator API with this browser's session (the support console's reference box).
const address = new URLSearchParams(window.location.search);
createRoot(container).render(
  <ReplayPage
    initialLocale={storedLocale()}
    logUrl={address.get('log') ?? undefined}
    serverUrl={address.get('server') ?? undefined}
    device={address.get('device') ?? undefined}
    upload={address.get('upload')?.trim() || undefined}
  />,
);
