import { useEffect, useState } from 'react';

import { useT } from '../../ui/intl/useT';

interface HelpTools {
  DownloadActivityLogLink: typeof import('./DownloadActivityLogLink').DownloadActivityLogLink;
  SendActivityLogButton: typeof import('./SendActivityLogButton').SendActivityLogButton;
}

let tools: HelpTools | null = null;
let loading: Promise<HelpTools> | null = null;

/**
 * The download link and the send button, a chunk of their own: no first view needs them, so they
 * arrive once the page has loaded (or when Help opens first), and a failed load is tried again.
 */
function loadHelpTools(): Promise<HelpTools> {
  loading ??= Promise.all([
    import(/* webpackChunkName: "help-tools" */ './DownloadActivityLogLink'),
    import(/* webpackChunkName: "help-tools" */ './SendActivityLogButton'),
  ]).then(
    ([download, send]) => (tools = { ...download, ...send }),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Loads the tools when the browser is idle after the page's load, so Help opens at once. */
function whenLoadedAndIdle(run: () => void): () => void {
  let idle: number | undefined;
  const later = () => {
    idle =
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(run)
        : window.setTimeout(run, 0);
  };
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
  return () => {
    window.removeEventListener('load', later);
    if (idle === undefined) return;
    if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}

function useHelpTools(open: boolean): HelpTools | null {
  const [loaded, setLoaded] = useState(tools);
  useEffect(() => {
    if (loaded) return;
    let current = true;
    const load = () => {
      loadHelpTools().then(
        (done) => current && setLoaded(done),
        () => {},
      );
    };
    const cancel = open ? (load(), () => {}) : whenLoadedAndIdle(load);
    return () => {
      current = false;
      cancel();
    };
  }, [loaded, open]);
  return loaded;
}

/**
 * "Help", closed until opened: says what the activity log holds before offering to download it or
 * send it to support, so the tools stay out of the way of a visitor who needs none.
 */
export function HelpDisclosure() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const loaded = useHelpTools(open);
  return (
    <details className="help" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="help__toggle">{t('help.toggle')}</summary>
      <div className="help__body">
        <p>{t('help.intro')}</p>
        <p>{t('help.logHolds')}</p>
        {loaded && (
          <>
            <loaded.DownloadActivityLogLink />
            <loaded.SendActivityLogButton />
          </>
        )}
      </div>
    </details>
  );
}
