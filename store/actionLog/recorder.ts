// Records every action that reaches the reducer, redacted before it is kept, in a ring buffer.
// It is the last middleware, so listeners' actions, RTK Query's thunks' actions and RTK Query's
// own middleware actions all pass it; DevTools' lifted actions (JUMP_TO_STATE...) never do.
import { isAction, type Middleware, type Reducer, type UnknownAction } from '@reduxjs/toolkit';

import { actionLogText } from './logFile';
import { redactedJson } from './redact';
import { stateHash } from './stateHash';

export interface ActionRecorderOptions {
  /** How many of the latest actions are kept. */
  capacity: number;
  now: () => number;
  /** The root reducer: evicted actions are folded into the log's starting state with it. */
  reducer: Reducer;
}

export interface ActionRecorder {
  middleware: Middleware;
  /** How many actions are kept now. */
  size(): number;
  /** The log file's text (CONTRACT.md section 5). */
  export(): string;
}

interface Slot {
  json: string;
  time: number;
  hash: string;
}

export function createActionRecorder({ capacity, now, reducer }: ActionRecorderOptions) {
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

  const recorder: ActionRecorder = {
    middleware,
    size: () => ring.length,
    export() {
      const slots = inOrder();
      return actionLogText({
        actionJsons: slots.map((slot) => slot.json),
        preloadedStateJson: JSON.stringify(startState),
        timestamps: slots.map((slot) => slot.time),
        stateHashes: slots.map((slot) => slot.hash),
      });
    },
  };
  return recorder;
}
