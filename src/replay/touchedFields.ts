// What a kept replay test compares: for each step of a log, the fields of the state it changed
// (their paths and values after it), so that a field the log never touched (one added later to
// a slice, say) cannot break the test, and a change reads as words, not hashes.
import type { RootState } from '../../store/rootReducer';

import { allStates } from './foldLog';

/** One step's changes: its words, and each changed field's path and value after it. */
export interface TouchedStep {
  index: number;
  step: string;
  fields: [path: string[], value: unknown][];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * RTK Query's own bookkeeping (request ids, timestamps, subscriptions) is the library's; of its
 * slice only what the views read is compared: each query's data and error.
 */
function compared(path: readonly string[]): boolean {
  if (path[0] !== 'api' || path.length < 2) return true;
  if (path[1] !== 'queries') return false;
  return path.length < 4 || path[3] === 'data' || path[3] === 'error';
}

function diff(before: unknown, after: unknown, path: string[], into: TouchedStep['fields']) {
  if (Object.is(before, after) || !compared(path)) return;
  if (isRecord(before) && isRecord(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      diff(before[key], after[key], [...path, key], into);
    }
    return;
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  if (path.length > 0 && compared(path)) into.push([path, after ?? null]);
}

/** The fields each step changed, for the steps that changed any (`steps`: the log's words). */
export function touchedSteps(
  log: Parameters<typeof allStates>[0],
  steps: readonly string[],
): TouchedStep[] {
  const states = allStates(log);
  const touched: TouchedStep[] = [];
  for (let index = 0; index < log.actions.length; index += 1) {
    const fields: TouchedStep['fields'] = [];
    diff(states[index], states[index + 1], [], fields);
    if (fields.length > 0) touched.push({ index, step: steps[index] ?? '', fields });
  }
  return touched;
}

/**
 * Where `actual` does not hold what `expected` does, as deep as both are objects: a field added
 * since is not a difference.
 */
function differences(
  actual: unknown,
  expected: unknown,
  path: string[],
): [path: string[], expected: unknown, actual: unknown][] {
  if (isRecord(expected) && isRecord(actual)) {
    return Object.entries(expected).flatMap(([key, item]) =>
      differences(actual[key], item, [...path, key]),
    );
  }
  if (Array.isArray(expected) && Array.isArray(actual) && actual.length === expected.length) {
    return expected.flatMap((item, index) =>
      differences(actual[index], item, [...path, `${index}`]),
    );
  }
  if (isRecord(expected) || Array.isArray(expected)) return [[path, expected, actual]];
  return Object.is(actual ?? null, expected) ? [] : [[path, expected, actual]];
}

function valueAt(state: unknown, path: readonly string[]): unknown {
  let value = state;
  for (const key of path) value = isRecord(value) ? value[key] : undefined;
  return value;
}

const shown = (value: unknown) => {
  const text = JSON.stringify(value) ?? 'nothing';
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
};

/**
 * What differs now from what the log's steps left in the fields they touched, in words
 * (`verifyAccount FAILED 429 RATE_LIMITED (40 ms): submissions.activation.error.code was
 * "RATE_LIMITED" and now is "INVALID_CODE"`); empty when nothing does.
 */
function changedFields(
  log: Parameters<typeof allStates>[0],
  expected: readonly TouchedStep[],
): string[] {
  const states = allStates(log);
  const changes: string[] = [];
  for (const { index, step, fields } of expected) {
    const state: RootState | undefined = states[index + 1];
    for (const [path, value] of fields) {
      for (const [where, was, now] of differences(valueAt(state, path), value, path)) {
        changes.push(
          `#${index} ${step}: ${where.join('.')} was ${shown(was)} and now is ${shown(now)}`,
        );
      }
    }
  }
  return changes;
}

/** Throws, naming each change in words, when the log's steps no longer leave what they left. */
export function expectSameSteps(
  log: Parameters<typeof allStates>[0],
  expected: readonly TouchedStep[],
): void {
  const changes = changedFields(log, expected);
  if (changes.length > 0) {
    throw new Error(`the replay differs from the recording:\n${changes.join('\n')}`);
  }
}
