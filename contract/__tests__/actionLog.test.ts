import { decodeLog } from '../action-log';

const valid = {
  payload: JSON.stringify([{ type: 'locale/changed', payload: 'kh' }]),
  preloadedState: JSON.stringify({ locale: { current: 'en' } }),
  actionLog: { version: 1, app: 'accounts-app@1.0.0', timestamps: [1], stateHashes: ['ab'] },
};
const text = (value: unknown) => JSON.stringify(value);

it('reads a valid log', () => {
  expect(decodeLog(text(valid))).toEqual({
    app: 'accounts-app@1.0.0',
    actions: [{ type: 'locale/changed', payload: 'kh' }],
    preloadedState: { locale: { current: 'en' } },
    timestamps: [1],
    stateHashes: ['ab'],
  });
});

it("keeps the tab's log id, the one its requests sent as X-Log-Id", () => {
  const logId = '4f1c2a9e-8d3b-4c7a-9e21-0b5d6f7a8c9d';
  const log = decodeLog(text({ ...valid, actionLog: { ...valid.actionLog, logId } }));
  expect(log.logId).toBe(logId);
  expect(decodeLog(text(valid))).not.toHaveProperty('logId');
});

it.each([
  ['an empty file', '', 'the file is empty'],
  ['a truncated file', text(valid).slice(0, 40), 'the file is truncated: its JSON ends early'],
  ['text that is not JSON', 'hello', 'the file is not JSON'],
  ['a JSON array', '[]', 'the file is not a JSON object'],
  [
    'a log id that is no id',
    text({ ...valid, actionLog: { ...valid.actionLog, logId: '<script>' } }),
    '"actionLog.logId" must be an id of at most 64 letters, digits and dashes',
  ],
  ['no actionLog', text({ ...valid, actionLog: undefined }), 'the file has no "actionLog" object'],
  [
    'another version',
    text({ ...valid, actionLog: { ...valid.actionLog, version: 2 } }),
    'unsupported log version 2 (this replay reads version 1)',
  ],
  [
    'a payload that is not a string',
    text({ ...valid, payload: [] }),
    '"payload" must be a JSON string',
  ],
  ['a truncated payload', text({ ...valid, payload: '[{"type"' }), '"payload" is truncated'],
  [
    'an action without a type',
    text({ ...valid, payload: '[{"payload":1}]' }),
    'action 0 of "payload" has no string "type"',
  ],
  [
    'a state that is not an object',
    text({ ...valid, preloadedState: '[]' }),
    '"preloadedState" must hold an object',
  ],
  [
    'missing timestamps',
    text({ ...valid, actionLog: { ...valid.actionLog, timestamps: [] } }),
    '"actionLog.timestamps" has 0 entries for 1 actions',
  ],
  [
    'hashes that are not strings',
    text({ ...valid, actionLog: { ...valid.actionLog, stateHashes: [1] } }),
    '"actionLog.stateHashes" must be an array of strings',
  ],
])('refuses %s with one line saying why', (_case, input, message) => {
  expect(() => decodeLog(input)).toThrow(message);
  try {
    decodeLog(input);
  } catch (error) {
    expect((error as Error).message).not.toContain('\n');
  }
});
