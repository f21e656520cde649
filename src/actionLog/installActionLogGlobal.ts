import type { AppStore } from '../../store/store';

export interface ActionLogGlobal {
  /** The action log file's text (CONTRACT.md section 5). */
  export(): string;
}

declare global {
  interface Window {
    actionLog: ActionLogGlobal;
  }
}

export function installActionLogGlobal(window: Window, store: AppStore) {
  window.actionLog = { export: () => store.actionLog.export() };
}
