// The recording survives a reload of the page in the same tab: it is written to session storage
// as the page goes away, and taken back (then removed) as the next page starts.
import type { AppStore } from '../../store/store';

const KEY = 'actionLog';

/** The log the previous page of this tab left, if any; it is removed as it is read. */
export function takeMirroredLog(window: Window): string | null {
  try {
    const text = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
    return text;
  } catch {
    return null;
  }
}

export function mirrorLogOnLeave(window: Window, store: Pick<AppStore, 'actionLog'>) {
  window.addEventListener('pagehide', () => {
    try {
      window.sessionStorage.setItem(KEY, store.actionLog.export());
    } catch {
      // Storage refused or full: the next page starts a new log, as it did before mirroring.
    }
  });
}
