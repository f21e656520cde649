// Hostile logs: each is refused with one line or replayed as plain data; none crashes, hangs or
// reaches outside the state.
import { actionLogText, decodeLog, LogFileError } from '../../../contract/action-log';
import { describeActions } from '../../../src/replay/describe';
import { allStates } from '../../../src/replay/foldLog';

function logOf(actions: unknown[], timestamps?: number[]) {
  return actionLogText({
    actionJsons: actions.map((action) => JSON.stringify(action)),
    preloadedStateJson: '{}',
    timestamps: timestamps ?? actions.map((_, index) => 1_700_000_000_000 + index),
    stateHashes: actions.map(() => '00000000'),
  });
}

it('refuses timestamps no date can hold', () => {
  for (const time of [1e20, -1e20]) {
    expect(() => decodeLog(logOf([{ type: 'x' }], [time]))).toThrow(LogFileError);
  }
});

it('refuses nesting deeper than the parser can follow, with one line', () => {
  const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
  const text = JSON.stringify({
    payload: `[{"type":"x","payload":${deep}}]`,
    preloadedState: '{}',
    actionLog: { version: 1, timestamps: [1], stateHashes: ['0'] },
  });
  let outcome: unknown;
  try {
    outcome = allStates(decodeLog(text));
  } catch (error) {
    outcome = error;
  }
  // Either refused as a log error or replayed as plain data: never an uncaught crash.
  if (outcome instanceof Error) expect(outcome).toBeInstanceOf(LogFileError);
  else expect(Array.isArray(outcome)).toBe(true);
});

it('keeps __proto__ keys as data and never touches the prototypes', () => {
  const text = logOf([
    JSON.parse('{"type":"locale/changed","payload":"kh","__proto__":{"polluted":true}}'),
    JSON.parse('{"type":"router/locationChanged","payload":{"__proto__":{"polluted":true}}}'),
  ]);
  const states = allStates(decodeLog(text));
  expect(states).toHaveLength(3);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.prototype).not.toHaveProperty('polluted');
});

it('describes script in an action type as the text it is', () => {
  const type = '<img src=x onerror=alert(1)>\u001b]0;owned\u0007';
  const [step] = describeActions(decodeLog(logOf([{ type }])).actions, [0]);
  expect(step?.text).toBe(type);
});
