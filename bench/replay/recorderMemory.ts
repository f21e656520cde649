// Child process (run with --expose-gc): heap growth of a store's action recorder filled to its
// capacity of 10,000 actions, over the same store right after it was made.
// The app's endpoint table, handed in first, as the page's entry does.
import '../../src/endpoints';
import type { UnknownAction } from '@reduxjs/toolkit';

import { decodeLog } from '../../contract/action-log';
import { ACTION_LOG_CAPACITY } from '../../store/constants';
import { makeStore } from '../../store/store';
import { generatedLogText } from '../../testing/actionLog/generatedLog';

const gc = (globalThis as { gc?: () => void }).gc;

function heapUsed(): number {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
}

const actions: UnknownAction[] = decodeLog(generatedLogText(ACTION_LOG_CAPACITY)).actions;
const store = makeStore();
const before = heapUsed();
for (const action of actions) store.dispatch(action);
const after = heapUsed();
if (store.actionLog.size() !== ACTION_LOG_CAPACITY) throw new Error('the recorder is not full');
process.stdout.write(
  `${JSON.stringify({ actions: actions.length, bytes: after - before, exact: Boolean(gc) })}\n`,
);
