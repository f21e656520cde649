// The action log file (store/actionLog/README.md): the Redux DevTools extension's own export shape
// (`payload` and `preloadedState` as JSON strings), plus what replay needs in `actionLog`.
import packageJson from '../../package.json';

export const LOG_VERSION = 1;
export const APP_ID = `${packageJson.name}@${packageJson.version}`;

export interface ActionLogMeta {
  version: typeof LOG_VERSION;
  app: string;
  /** When each action reached the reducer, ms since the Unix epoch. */
  timestamps: number[];
  /** `stateHash` of the state after each action. */
  stateHashes: string[];
}

export interface ActionLogFile {
  payload: string;
  preloadedState: string;
  actionLog: ActionLogMeta;
}

/** The file's text from already redacted JSON texts, so nothing is serialized twice. */
export function actionLogText(parts: {
  actionJsons: readonly string[];
  preloadedStateJson: string;
  timestamps: number[];
  stateHashes: string[];
}): string {
  const file: ActionLogFile = {
    payload: `[${parts.actionJsons.join(',')}]`,
    preloadedState: parts.preloadedStateJson,
    actionLog: {
      version: LOG_VERSION,
      app: APP_ID,
      timestamps: parts.timestamps,
      stateHashes: parts.stateHashes,
    },
  };
  return JSON.stringify(file);
}
