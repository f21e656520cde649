import type { AppStore } from '../../store/store';

import { SendLogError } from './sendLogError';

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
    send: async () => {
      // The log as it is at the call; the upload code is fetched the first time it is needed.
      const text = store.actionLog.exportShared();
      const { sendActivityLog } = await import(
        /* webpackChunkName: "send-log" */ './sendLog'
      ).catch(() => {
        // The chunk did not arrive: the network is down, as it would be for the upload itself.
        throw new SendLogError({ code: 'NETWORK' });
      });
      return sendActivityLog(store, text);
    },
  };
}
