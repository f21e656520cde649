// Replay: the log's actions folded through the app's own root reducer, with no middleware, so
// nothing outside the state is touched.
import type { UnknownAction } from '@reduxjs/toolkit';

import { LogFileError, type DecodedLog } from '../../contract/action-log';
import type { EndpointName } from '../../contract/endpoints';
import { stateHash } from '../../store/actionLog/stateHash';
import { ACCOUNT_READS } from '../../store/apiSlice';
import { lazySlicePaths, rootReducer, type RootState } from '../../store/rootReducer';

import './allParts';

const OLDER_READ = /^api\/executeMutation\/(pending|fulfilled|rejected)$/;

/**
 * An action as this app writes it. Logs recorded before the account's reads became cached queries
 * sent them as mutations: such a read is folded as the query it is now, so an older log still
 * replays (and tells the same story) through today's reducers.
 */
export function asToday(action: UnknownAction): UnknownAction {
  const phase = OLDER_READ.exec(action.type)?.[1];
  const meta = action.meta as { arg?: { endpointName?: unknown } } | undefined;
  const endpoint = meta?.arg?.endpointName;
  if (!phase || typeof endpoint !== 'string' || !ACCOUNT_READS.includes(endpoint as EndpointName)) {
    return action;
  }
  const arg = { type: 'query', endpointName: endpoint, queryCacheKey: `${endpoint}(undefined)` };
  return { ...action, type: `api/executeQuery/${phase}`, meta: { ...meta, arg } };
}

/** The state after each action, in order. */
export function* replayStates(log: Pick<DecodedLog, 'actions' | 'preloadedState'>) {
  let state = log.preloadedState as RootState;
  for (const [index, action] of log.actions.entries()) {
    try {
      state = rootReducer(state, asToday(action as UnknownAction));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new LogFileError(`action ${index} (${action.type}) cannot be replayed: ${reason}`);
    }
    yield state;
  }
}

/** Every state of the log: index 0 is the state before the first action. */
export function allStates(log: Pick<DecodedLog, 'actions' | 'preloadedState'>): RootState[] {
  return [log.preloadedState as RootState, ...replayStates(log)];
}

export interface Divergence {
  index: number;
  type: string;
  expected: string;
  actual: string;
}

/**
 * The first action after which the replayed state differs from the recorded one, or null. Only
 * the parts of the state the recording had are compared: a part the app gained since starts
 * from its initial state and was never in the recorded hashes.
 */
export function firstDivergence(log: DecodedLog): Divergence | null {
  const recordedParts =
    typeof log.preloadedState === 'object' && log.preloadedState !== null
      ? Object.keys(log.preloadedState)
      : undefined;
  let index = 0;
  for (const state of replayStates(log)) {
    // A lazily-loaded part counts from its `app/partLoaded` on, as it did when recorded.
    const parts = recordedParts && [
      ...new Set([...recordedParts, ...lazySlicePaths().filter((path) => path in state)]),
    ];
    const actual = stateHash(state, parts);
    const expected = log.stateHashes[index]!;
    if (actual !== expected) {
      return { index, type: log.actions[index]!.type, expected, actual };
    }
    index += 1;
  }
  return null;
}
