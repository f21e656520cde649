// The recording survives a reload of the page in the same tab: it is written to session storage
// as the page goes away, and taken back (then removed) as the next page starts. So does its id.
import { newId } from '../../store/ids';
import type { AppStore } from '../../store/store';

const KEY = 'actionLog';
const ID_KEY = 'actionLogId';

let tabId: string | null = null;

/**
 * The id of this tab's action log (`X-Log-Id` on every API request, and in the log): made on the
 * tab's first page and kept in session storage, so the log continued after a reload keeps it; the
 * same for the whole page when the storage refuses.
 */
export function tabLogId(window: Window): string {
  if (tabId !== null) return tabId;
  let id: string | null = null;
  try {
    id = window.sessionStorage.getItem(ID_KEY);
  } catch {
    // No session storage: an id for this page alone.
  }
  if (!id) {
    id = newId();
    try {
      window.sessionStorage.setItem(ID_KEY, id);
    } catch {
      // Refused or full: the next page of this tab starts a new id, as it starts a new log.
    }
  }
  tabId = id;
  return id;
}

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
