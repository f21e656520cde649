// The action log file (store/actionLog/README.md): the Redux DevTools extension's own export shape
// (`payload` and `preloadedState` as JSON strings), plus what replay needs in `actionLog`. One
// schema says what a valid file is: the replay reads a file with it, and the server checks an
// upload with it (as the body schema of POST /v1/api/action-logs), once.
import * as v from 'valibot';

import packageJson from '../package.json';

export const LOG_VERSION = 1;
export const APP_ID = `${packageJson.name}@${packageJson.version}`;

export interface ActionLogMeta {
  version: typeof LOG_VERSION;
  app: string;
  /** When each action reached the reducer, ms since the Unix epoch. */
  timestamps: number[];
  /** `stateHash` of the state after each action. */
  stateHashes: string[];
  /**
   * The id this tab sent as `X-Log-Id` with every API request, which the server records beside
   * what it decided; absent in logs written before the app sent it.
   */
  logId?: string;
}

export interface ActionLogFile {
  payload: string;
  preloadedState: string;
  actionLog: ActionLogMeta;
}

/** A recorded action: a Redux action (structurally RTK's `UnknownAction`). */
export interface LoggedAction {
  type: string;
  [extraProps: string]: unknown;
}

/** A file as the replay uses it: its embedded JSON texts read. */
export interface DecodedLog {
  app: string;
  actions: LoggedAction[];
  preloadedState: Record<string, unknown>;
  timestamps: number[];
  stateHashes: string[];
  logId?: string;
}

/** Why a text is not a valid log, in one line; nothing of a refused file is used. */
export class LogFileError extends Error {
  override name = 'LogFileError';
}

/** The file's text from already redacted JSON texts, so nothing is serialized twice. */
export function actionLogText(parts: {
  actionJsons: readonly string[];
  preloadedStateJson: string;
  timestamps: number[];
  stateHashes: string[];
  logId?: string;
}): string {
  const file: ActionLogFile = {
    payload: `[${parts.actionJsons.join(',')}]`,
    preloadedState: parts.preloadedStateJson,
    actionLog: {
      version: LOG_VERSION,
      app: APP_ID,
      timestamps: parts.timestamps,
      stateHashes: parts.stateHashes,
      ...(parts.logId === undefined ? {} : { logId: parts.logId }),
    },
  };
  return JSON.stringify(file);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The parser stopped at the very end of the text: the JSON was cut, not malformed. */
function endsEarly(text: string, reason: string): boolean {
  const position = /position (\d+)/.exec(reason);
  if (position) return Number(position[1]) >= text.trimEnd().length;
  return /end of (JSON|data)/i.test(reason);
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (text.trim() === '') throw new LogFileError(`${what} is empty`);
    if (endsEarly(text, reason)) {
      throw new LogFileError(`${what} is truncated: its JSON ends early`);
    }
    throw new LogFileError(`${what} is not JSON (${reason})`);
  }
}

function decodeActions(payload: string): LoggedAction[] {
  const actions = parseJson(payload, '"payload"');
  if (!Array.isArray(actions)) throw new LogFileError('"payload" must hold an array of actions');
  actions.forEach((action, index) => {
    if (!isRecord(action) || typeof action.type !== 'string') {
      throw new LogFileError(`action ${index} of "payload" has no string "type"`);
    }
  });
  return actions as LoggedAction[];
}

/** A time a Date can hold (ms within ±8.64e15): anything else would break every clock display. */
const MAX_TIME_MS = 8.64e15;
const TIMES = '"actionLog.timestamps" must be an array of dates in ms';
const HASHES = '"actionLog.stateHashes" must be an array of strings';
const LOG_ID = '"actionLog.logId" must be an id of at most 64 letters, digits and dashes';
const unsupported = (version: unknown) =>
  `unsupported log version ${JSON.stringify(version)} (this replay reads version ${LOG_VERSION})`;
/** What a missing key means, by key (Valibot names it in the object's issue). */
const MISSING: Record<string, string> = {
  payload: '"payload" must be a JSON string',
  preloadedState: '"preloadedState" must be a JSON string',
  actionLog: 'the file has no "actionLog" object',
  version: unsupported(undefined),
  timestamps: TIMES,
  stateHashes: HASHES,
};
/** An object's message: the missing key's, or the object's own when the value is no object. */
const objectMessage =
  (own: string) =>
  (issue: v.ObjectIssue): string => {
    const key = issue.path?.at(-1)?.key;
    return (typeof key === 'string' && MISSING[key]) || own;
  };

/** Both lists hold one entry per action. */
function sameLength(key: 'timestamps' | 'stateHashes', list: unknown[], actions: number): void {
  if (list.length !== actions) {
    throw new LogFileError(`"actionLog.${key}" has ${list.length} entries for ${actions} actions`);
  }
}

/**
 * A valid log file, read: its shape (which the API reference shows), then its embedded JSON
 * texts, with one entry per action in both lists. The output is the decoded log.
 */
export const ActionLogFileSchema = v.pipe(
  v.object(
    {
      payload: v.string('"payload" must be a JSON string'),
      preloadedState: v.string('"preloadedState" must be a JSON string'),
      actionLog: v.object(
        {
          version: v.literal(LOG_VERSION, (issue) => unsupported(issue.input)),
          app: v.optional(v.string()),
          timestamps: v.array(
            v.pipe(
              v.number(TIMES),
              v.check((time) => Number.isFinite(time) && Math.abs(time) <= MAX_TIME_MS, TIMES),
            ),
            TIMES,
          ),
          stateHashes: v.array(v.string(HASHES), HASHES),
          logId: v.optional(v.pipe(v.string(LOG_ID), v.regex(/^[0-9A-Za-z-]{1,64}$/, LOG_ID))),
        },
        objectMessage('the file has no "actionLog" object'),
      ),
    },
    objectMessage('the file is not a JSON object'),
  ),
  v.rawTransform(({ dataset, addIssue, NEVER }): DecodedLog => {
    const { payload, preloadedState: stateText, actionLog: meta } = dataset.value;
    try {
      const actions = decodeActions(payload);
      const preloadedState = parseJson(stateText, '"preloadedState"');
      if (!isRecord(preloadedState)) throw new LogFileError('"preloadedState" must hold an object');
      sameLength('timestamps', meta.timestamps, actions.length);
      sameLength('stateHashes', meta.stateHashes, actions.length);
      return {
        app: meta.app ?? 'unknown',
        actions,
        preloadedState,
        timestamps: meta.timestamps,
        stateHashes: meta.stateHashes,
        ...(meta.logId === undefined ? {} : { logId: meta.logId }),
      };
    } catch (error) {
      // A LogFileError, or a RangeError from a hostile nesting depth: either way, not a log.
      addIssue({ message: error instanceof Error ? error.message : String(error) });
      return NEVER;
    }
  }),
);

/** Reads a log file's text; anything that is not a valid log throws a LogFileError. */
export function decodeLog(text: string): DecodedLog {
  const file = parseJson(text, 'the file');
  // Valibot's objects take arrays too (as objects without the keys): said as what they are.
  if (!isRecord(file)) throw new LogFileError('the file is not a JSON object');
  const result = v.safeParse(ActionLogFileSchema, file);
  if (result.success) return result.output;
  // The version first: a file of another version is refused as such, whatever else it holds.
  const issue =
    result.issues.find((candidate) => candidate.path?.[0]?.key === 'actionLog') ?? result.issues[0];
  throw new LogFileError(issue.message);
}
