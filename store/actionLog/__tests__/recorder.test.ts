import { decodeLog } from '../../../contract/action-log';
import { firstDivergence, replayStates } from '../../../src/replay/foldLog';
import { everyString, recordedJourney, SECRETS } from '../../../testing/actionLog/journey';
import { localeChanged } from '../../locale/localeSlice';
import { makeStore } from '../../store';
import { stateHash } from '../stateHash';

afterEach(() => jest.restoreAllMocks());

it('keeps no password, token or activation code anywhere in the export', async () => {
  const { store, effects } = await recordedJourney();
  // The journey really carried each secret: the server handed out the tokens, the app kept one.
  expect(effects.data.get('token')).toBe(SECRETS.loginToken);
  expect(store.getState().auth.status).toBe('signedIn');

  const text = store.actionLog.export();
  const strings = everyString(JSON.parse(text));
  for (const secret of Object.values(SECRETS)) {
    expect(text).not.toContain(secret);
    expect(strings.filter((value) => value.includes(secret))).toEqual([]);
  }
  // Server error codes and non-secret request fields stay readable.
  expect(strings).toContain('INVALID_TOKEN');
  expect(strings).toContain('sokha@example.com');
  expect(strings.some((value) => value.includes('code=[redacted]'))).toBe(true);
});

it('records every action with its time and the hash of the state after it', async () => {
  const { store } = await recordedJourney({}, Date.UTC(2026, 2, 1));
  const log = decodeLog(store.actionLog.export());
  const types = log.actions.map((action) => action.type);
  expect(types).toEqual(
    expect.arrayContaining([
      'router/locationChanged',
      'auth/verifyStarted',
      'api/executeMutation/pending',
      'api/executeMutation/fulfilled',
      'auth/sessionVerified',
      'auth/logoutRequested',
      'auth/loggedOut',
      'router/navigationRequested',
    ]),
  );
  expect(log.timestamps.every((time) => time === Date.UTC(2026, 2, 1))).toBe(true);
  expect(log.stateHashes.at(-1)).toBe(stateHash(store.getState()));
  expect(firstDivergence(log)).toBeNull();
});

it('keeps only the latest actions and starts the export from the state before them', async () => {
  // Home's last twelve requests and answers (second factor, confirmation, passkeys, providers and
  // connections) and the three changes of language: the window starts before the final sign-in.
  const { store } = await recordedJourney({ actionLogCapacity: 20 });
  for (const locale of ['kh', 'en', 'kh'] as const) store.dispatch(localeChanged(locale));
  expect(store.actionLog.size()).toBe(20);
  const log = decodeLog(store.actionLog.export());
  expect(log.actions).toHaveLength(20);
  expect(log.actions.slice(-3).map((action) => action.payload)).toEqual(['kh', 'en', 'kh']);
  // The evicted actions were folded into the starting state: the replay still matches.
  expect(firstDivergence(log)).toBeNull();
  expect(log.preloadedState.auth).toMatchObject({ hasToken: true, user: null });
});

it('names the first action whose replayed state differs from the recorded one', () => {
  // A bare store: only what it records counts, and a running one would add its verify call.
  const store = makeStore();
  for (const locale of ['kh', 'en', 'kh'] as const) store.dispatch(localeChanged(locale));
  const file = JSON.parse(store.actionLog.export());
  const actions = JSON.parse(file.payload);
  actions[1].payload = 'kh';
  file.payload = JSON.stringify(actions);
  expect(firstDivergence(decodeLog(JSON.stringify(file)))).toMatchObject({
    index: 1,
    type: 'locale/changed',
  });
});

it('replays a log recorded before a part of the state existed, comparing what it recorded', async () => {
  // An older app's log: the same journey, as if the store had no `operator` part yet.
  const { store } = await recordedJourney({}, Date.UTC(2026, 2, 1));
  const log = decodeLog(store.actionLog.export());
  const { operator: _absent, ...older } = log.preloadedState as Record<string, unknown>;
  const states = [...replayStates({ ...log, preloadedState: older })];
  const recorded = {
    ...log,
    preloadedState: older,
    stateHashes: states.map((state) => {
      const { operator: _new, ...kept } = state as unknown as Record<string, unknown>;
      return stateHash(kept);
    }),
  };
  expect(firstDivergence(recorded)).toBeNull();
  // A part it recorded still counts.
  recorded.stateHashes[2] = 'ffffffff';
  expect(firstDivergence(recorded)).toMatchObject({ index: 2 });
});

it('refuses a capacity that is not a positive integer', () => {
  // The recorder's own check, before anything starts: a bare store is enough.
  expect(() => makeStore(undefined, undefined, { actionLogCapacity: 0 })).toThrow(
    'action log capacity must be a positive integer, got 0',
  );
});
