import type { AppStore } from '../../store/store';

import { sendActivityLog, storedToken } from './sendLog';

export interface ActionLogGlobal {
  /** The action log file's text (store/actionLog/README.md). */
  export(): string;
  /**
   * Sends the export to support, with the session token when there is one; resolves to the
   * reference to quote (K7QF-92XD), rejects with a SendLogError.
   */
  send(): Promise<string>;
}

declare global {
  interface Window {
    actionLog: ActionLogGlobal;
  }
}

export function installActionLogGlobal(window: Window, store: AppStore) {
  window.actionLog = {
    export: () => store.actionLog.exportShared(),
    send: () => sendActivityLog(store.actionLog.exportShared(), { token: storedToken(window) }),
  };
}
