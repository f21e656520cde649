// Records every action that reaches the reducer, redacted before it is kept, in a ring buffer.
// It is the last middleware, so listeners' actions, RTK Query's thunks' actions and RTK Query's
// own middleware actions all pass it; DevTools' lifted actions (JUMP_TO_STATE...) never do.
import { isAction, type Middleware, type Reducer, type UnknownAction } from '@reduxjs/toolkit';

import { actionLogText, decodeLog } from '../../contract/action-log';
import { redactedJson } from '../../contract/redact';
import { ACTION_LOG_MASKING } from '../constants';

import { maskedLogParts, type LogParts } from './mask';
import { stateHash } from './stateHash';

export interface ActionRecorderOptions {
  /** How many of the latest actions are kept. */
  capacity: number;
  now: () => number;
  /** The root reducer: evicted actions are folded into the log's starting state with it. */
  reducer: Reducer;
  /** The id of this tab's log: every API request carries it (`X-Log-Id`), and the file names it. */
  logId: string;
}

export interface ActionRecorder {
  middleware: Middleware;
  /** The id the file names, and the one every API request of this tab carries. */
  readonly logId: string;
  /** How many actions are kept now. */
  size(): number;
  /** The log file's text (store/actionLog/README.md), as recorded: for this tab's own use. */
  export(): string;
  /**
   * The text of a log that leaves the browser: names and addresses masked (mask.ts) unless the
   * build turned masking off (`ACTION_LOG_MASKING=off`).
   */
  exportShared(): string;
  /**
   * Takes back the log this tab exported before a reload (its mirror in session storage), then
   * marks the reload with `actionLog/pageReloaded`, whose payload is the new page's starting
   * state: folding it gives that state, so replay and its hashes continue across the reload.
   * A text that is not a valid log is ignored (false).
   */
  restore(text: string, currentState: unknown): boolean;
}

/** The mark of a reload in the log; the root reducer takes its payload as the new state. */
export const PAGE_RELOADED = 'actionLog/pageReloaded';

interface Slot {
  json: string;
  time: number;
  hash: string;
}

export function createActionRecorder({ capacity, now, reducer, logId }: ActionRecorderOptions) {
  if (!Number.isInteger(capacity) || capacity < 1) {
    throw new Error(`action log capacity must be a positive integer, got ${capacity}`);
  }
  const ring: Slot[] = [];
  let oldest = 0;
  /** Redacted state before the oldest kept action: what a replay starts from. */
  let startState: unknown = null;
  let awaitingHash: Slot | null = null;

  function keep(slot: Slot) {
    if (ring.length < capacity) {
      ring.push(slot);
      return;
    }
    // Folding the redacted action is exactly what a replay does, so hashes stay comparable.
    startState = reducer(startState, JSON.parse(ring[oldest]!.json) as UnknownAction);
    ring[oldest] = slot;
    oldest = (oldest + 1) % capacity;
  }

  function inOrder(): Slot[] {
    return [...ring.slice(oldest), ...ring.slice(0, oldest)];
  }

  const middleware: Middleware = (store) => {
    startState = JSON.parse(redactedJson(store.getState()) ?? 'null');
    return (next) => (action) => {
      if (!isAction(action)) return next(action);
      // A subscriber of the previous action dispatched this one: that state is the current one.
      if (awaitingHash) awaitingHash.hash = stateHash(store.getState());
      const slot: Slot = { json: redactedJson(action) ?? '{}', time: now(), hash: '' };
      keep(slot);
      awaitingHash = slot;
      try {
        return next(action);
      } finally {
        if (awaitingHash === slot) {
          slot.hash = stateHash(store.getState());
          awaitingHash = null;
        }
      }
    };
  };

  function recordedParts(): LogParts {
    const slots = inOrder();
    return {
      logId,
      actionJsons: slots.map((slot) => slot.json),
      preloadedStateJson: JSON.stringify(startState),
      timestamps: slots.map((slot) => slot.time),
      stateHashes: slots.map((slot) => slot.hash),
    };
  }

  const recorder: ActionRecorder = {
    middleware,
    logId,
    size: () => ring.length,
    restore(text, currentState) {
      let log;
      try {
        log = decodeLog(text);
      } catch {
        return false;
      }
      const kept = inOrder();
      ring.length = 0;
      oldest = 0;
      startState = log.preloadedState;
      log.actions.forEach((action, index) => {
        keep({
          json: redactedJson(action) ?? '{}',
          time: log.timestamps[index]!,
          hash: log.stateHashes[index]!,
        });
      });
      const state = JSON.parse(redactedJson(currentState) ?? 'null') as unknown;
      keep({
        // The previous page's log id: its requests carried that one.
        json: JSON.stringify({ type: PAGE_RELOADED, payload: { state, previousLogId: log.logId } }),
        time: now(),
        hash: stateHash(currentState),
      });
      // Whatever this page recorded before the restore (normally nothing) follows the mark.
      for (const slot of kept) keep(slot);
      return true;
    },
    export() {
      return actionLogText(recordedParts());
    },
    exportShared() {
      const parts = recordedParts();
      return actionLogText(ACTION_LOG_MASKING ? maskedLogParts(parts, reducer) : parts);
    },
  };
  return recorder;
}
