import { decodeLog } from '../../../contract/action-log';
import { firstDivergence, replayStates } from '../../../src/replay/foldLog';
import { recordedJourney } from '../../../testing/actionLog/journey';
import { operatorFunnelRequested } from '../funnelSlice';
import {
  operatorAccessChecked,
  operatorActionAsked,
  operatorActionCancelled,
  operatorSearchAnswered,
} from '../operatorSlice';
import { loadOperatorPart } from '../part';

afterEach(() => jest.restoreAllMocks());

const ON_CONSOLE = [
  operatorAccessChecked({ access: 'open' }),
  operatorSearchAnswered({ ok: true, value: [] }),
  operatorActionAsked({ kind: 'lock', userId: 'u2' }),
  operatorActionCancelled(),
  operatorFunnelRequested({ from: '2026-01-01', to: '2026-01-31' }),
];

it("gives a visitor's store no operator part and no operator listeners", async () => {
  const { store } = await recordedJourney();
  const state = store.getState();
  expect(Object.keys(state)).not.toContain('operator');
  expect(Object.keys(state)).not.toContain('operatorFunnel');
  const types = decodeLog(store.actionLog.export()).actions.map((action) => action.type);
  expect(types.filter((type) => type.startsWith('operator'))).toEqual([]);
});

it('adds the part once when the console loads, and a log recorded on it replays', async () => {
  const { store } = await recordedJourney({ actionLogCapacity: 200 });
  loadOperatorPart(store.dispatch);
  loadOperatorPart(store.dispatch);
  for (const action of ON_CONSOLE) store.dispatch(action);
  expect(store.getState().operator).toMatchObject({ access: 'open', asked: null });
  expect(store.getState().operatorFunnel).toMatchObject({ from: '2026-01-01' });

  const log = decodeLog(store.actionLog.export());
  const types = log.actions.map((action) => action.type);
  expect(types.filter((type) => type === 'app/partLoaded')).toHaveLength(1);
  // The listener middleware keeps its own add action: the log has none.
  expect(types.some((type) => type.startsWith('listenerMiddleware'))).toBe(false);
  expect(Object.keys(log.preloadedState)).not.toContain('operator');
  expect(firstDivergence(log)).toBeNull();
  const states = [...replayStates(log)];
  const loadedAt = types.indexOf('app/partLoaded');
  expect(Object.keys(states[loadedAt - 1]!)).not.toContain('operator');
  expect(states.at(-1)!.operator).toMatchObject({ access: 'open' });

  // A log whose window starts after the part loaded starts with it, and still replays.
  const short = decodeLog(store.actionLog.export());
  const window = {
    ...short,
    actions: short.actions.slice(-3),
    stateHashes: short.stateHashes.slice(-3),
  };
  window.preloadedState = [...replayStates(short)].at(-4)!;
  expect(firstDivergence(window)).toBeNull();
});

it('tells a replay where the recorded part differs from the replayed one', async () => {
  const { store } = await recordedJourney({ actionLogCapacity: 200 });
  loadOperatorPart(store.dispatch);
  for (const action of ON_CONSOLE) store.dispatch(action);
  const log = decodeLog(store.actionLog.export());
  const asked = log.actions.findIndex((action) => action.type === 'operator/actionAsked');
  log.actions[asked] = { ...log.actions[asked]!, payload: { kind: 'delete', userId: 'u2' } };
  expect(firstDivergence(log)).toMatchObject({ index: asked, type: 'operator/actionAsked' });
});
