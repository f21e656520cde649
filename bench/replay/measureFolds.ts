// Child process: the replay tool's fold beside a plain fold of the same parsed actions, in the
// production mode the tool itself sets, alternated in rounds so both see the same JIT and load.
// Prints one JSON line of actions per second (median of the rounds).
// The app's endpoint table, handed in first, as the page's entry does.
import '../../src/endpoints';
import fs from 'node:fs';

import type { UnknownAction } from '@reduxjs/toolkit';

import { decodeLog } from '../../contract/action-log';
import { firstDivergence, replayStates } from '../../src/replay/foldLog';
import { rootReducer, type RootState } from '../../store/rootReducer';
import { median } from '../table';

const ROUNDS = 7;

function plainFold(actions: UnknownAction[], start: RootState): RootState {
  let state = start;
  for (const action of actions) state = rootReducer(state, action);
  return state;
}

function replayFold(log: Parameters<typeof replayStates>[0]): unknown {
  let last: unknown;
  for (const state of replayStates(log)) last = state;
  return last;
}

function rate(count: number, run: () => unknown): number {
  const started = performance.now();
  run();
  return count / ((performance.now() - started) / 1000);
}

const started = performance.now();
const log = decodeLog(fs.readFileSync(process.argv[2]!, 'utf8'));
const decodeMs = performance.now() - started;
const start = log.preloadedState as RootState;
const count = log.actions.length;
const plain: number[] = [];
const replay: number[] = [];
const check: number[] = [];
// The first round only warms the JIT up.
for (let round = 0; round <= ROUNDS; round += 1) {
  const p = rate(count, () => plainFold(log.actions, start));
  const r = rate(count, () => replayFold(log));
  const c = rate(count, () => firstDivergence(log));
  if (round === 0) continue;
  plain.push(p);
  replay.push(r);
  check.push(c);
}
process.stdout.write(
  `${JSON.stringify({
    mode: process.env.NODE_ENV,
    count,
    decodeMs,
    plain: median(plain),
    replay: median(replay),
    check: median(check),
  })}\n`,
);
