// Reads an action log file's text. Anything that is not a valid log is refused with one line
// saying what is wrong; nothing of a refused file is used.
import type { UnknownAction } from '@reduxjs/toolkit';

import { LOG_VERSION } from './logFile';

export class LogFileError extends Error {
  override name = 'LogFileError';
}

export interface DecodedLog {
  app: string;
  actions: UnknownAction[];
  preloadedState: Record<string, unknown>;
  timestamps: number[];
  stateHashes: string[];
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

function requireString(record: Record<string, unknown>, key: string): string {
  const value = record[key];
  if (typeof value !== 'string') throw new LogFileError(`"${key}" must be a JSON string`);
  return value;
}

function decodeActions(payload: string): UnknownAction[] {
  const actions = parseJson(payload, '"payload"');
  if (!Array.isArray(actions)) throw new LogFileError('"payload" must hold an array of actions');
  actions.forEach((action, index) => {
    if (!isRecord(action) || typeof action.type !== 'string') {
      throw new LogFileError(`action ${index} of "payload" has no string "type"`);
    }
  });
  return actions as UnknownAction[];
}

function decodeList<T>(
  meta: Record<string, unknown>,
  key: string,
  length: number,
  isItem: (item: unknown) => item is T,
  itemName: string,
): T[] {
  const list = meta[key];
  if (!Array.isArray(list) || !list.every(isItem)) {
    throw new LogFileError(`"actionLog.${key}" must be an array of ${itemName}`);
  }
  if (list.length !== length) {
    throw new LogFileError(`"actionLog.${key}" has ${list.length} entries for ${length} actions`);
  }
  return list;
}

/** A time a Date can hold (ms within ±8.64e15): anything else would break every clock display. */
const MAX_TIME_MS = 8.64e15;
const isTime = (item: unknown): item is number =>
  typeof item === 'number' && Number.isFinite(item) && Math.abs(item) <= MAX_TIME_MS;
const isHash = (item: unknown): item is string => typeof item === 'string';

export function decodeLog(text: string): DecodedLog {
  const file = parseJson(text, 'the file');
  if (!isRecord(file)) throw new LogFileError('the file is not a JSON object');
  const meta = file.actionLog;
  if (!isRecord(meta)) throw new LogFileError('the file has no "actionLog" object');
  if (meta.version !== LOG_VERSION) {
    throw new LogFileError(
      `unsupported log version ${JSON.stringify(meta.version)} (this replay reads version ${LOG_VERSION})`,
    );
  }
  const actions = decodeActions(requireString(file, 'payload'));
  const preloadedState = parseJson(requireString(file, 'preloadedState'), '"preloadedState"');
  if (!isRecord(preloadedState)) throw new LogFileError('"preloadedState" must hold an object');
  return {
    app: typeof meta.app === 'string' ? meta.app : 'unknown',
    actions,
    preloadedState,
    timestamps: decodeList(meta, 'timestamps', actions.length, isTime, 'dates in ms'),
    stateHashes: decodeList(meta, 'stateHashes', actions.length, isHash, 'strings'),
  };
}
