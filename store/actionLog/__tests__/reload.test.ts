// A reload in the same tab: the new page takes back the old recording, marks the reload, and the
// whole log still replays to the recorded states.
import { decodeLog } from '../../../contract/action-log';
import { firstDivergence } from '../../../src/replay/foldLog';
import { recordedJourney } from '../../../testing/actionLog/journey';
import { fakeEffects } from '../../../testing/app/fakeEffects';
import { settle } from '../../../testing/app/fetchStub';
import { navigationRequested } from '../../router/routerSlice';
import { startStore } from '../../startStore';
import { PAGE_RELOADED } from '../recorder';

afterEach(() => jest.restoreAllMocks());

function reloadedPage(restoredActionLog: string | null, path = '/') {
  const effects = fakeEffects({ path });
  const store = startStore(effects, { restoredActionLog });
  return store;
}

it('keeps the actions before a reload, marks it, and replays across it', async () => {
  const { store: before } = await recordedJourney();
  const previous = decodeLog(before.actionLog.export());
  const after = reloadedPage(before.actionLog.export());
  await settle(after);
  after.dispatch(navigationRequested({ to: '/signup' }));
  await settle(after);

  const log = decodeLog(after.actionLog.export());
  expect(log.actions.slice(0, previous.actions.length)).toEqual(previous.actions);
  expect(log.actions[previous.actions.length]?.type).toBe(PAGE_RELOADED);
  expect(log.actions.length).toBeGreaterThan(previous.actions.length + 3);
  expect(log.preloadedState).toEqual(previous.preloadedState);
  expect(firstDivergence(log)).toBeNull();
});

it('ignores a mirror that is not a valid log and starts a new one', async () => {
  for (const broken of ['', '{', '{"payload":"[]"}', 'null', '[]']) {
    const store = reloadedPage(broken, '/login');
    await settle(store);
    const log = decodeLog(store.actionLog.export());
    expect(log.actions.some((action) => action.type === PAGE_RELOADED)).toBe(false);
    expect(firstDivergence(log)).toBeNull();
  }
});
