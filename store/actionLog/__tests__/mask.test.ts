// Logs that leave the browser carry no name or address, read naturally, and still check.
import { decodeLog } from '../../../contract/action-log';
import { firstDivergence } from '../../../src/replay/foldLog';
import { recordedJourney } from '../../../testing/actionLog/journey';
import { USER } from '../../../testing/app/fetchStub';
import { createMasker } from '../mask';

afterEach(() => jest.restoreAllMocks());

it('masks every name and address of a journey with stable placeholders, and still checks', async () => {
  const { store } = await recordedJourney();
  const raw = store.actionLog.export();
  expect(raw).toContain(USER.email);
  const shared = store.actionLog.exportShared();
  expect(shared).not.toContain(USER.email);
  expect(shared).not.toContain('sokha%40example.com');
  expect(shared).not.toContain(USER.name);
  expect(shared).toContain('visitor-a@example.invalid');
  expect(shared).toContain('visitor-a%40example.invalid');
  expect(shared).toContain('Visitor A');

  const log = decodeLog(shared);
  expect(log.actions).toHaveLength(decodeLog(raw).actions.length);
  expect(log.actions.map((action) => action.type)).toEqual(
    decodeLog(raw).actions.map((action) => action.type),
  );
  expect(firstDivergence(log)).toBeNull();
  // The same log masks the same way every time.
  expect(store.actionLog.exportShared()).toBe(shared);
});

it('gives each visitor a letter and leaves other text alone', () => {
  const masker = createMasker();
  const value = {
    users: [
      { name: 'Dara', email: 'Dara@Example.com' },
      { name: 'Sokha', email: 'sokha@example.org' },
    ],
    search: '?email=dara%40example.com',
    note: 'Dara wrote to dara@example.com and SOKHA@example.org',
    code: 'INVALID_CREDENTIALS',
    other: { name: 'AbortError' },
  };
  masker.learn(value);
  expect(masker.mask(value)).toEqual({
    users: [
      { name: 'Visitor A', email: 'visitor-a@example.invalid' },
      { name: 'Visitor B', email: 'visitor-b@example.invalid' },
    ],
    search: '?email=visitor-a%40example.invalid',
    note: 'Dara wrote to visitor-a@example.invalid and visitor-b@example.invalid',
    code: 'INVALID_CREDENTIALS',
    other: { name: 'AbortError' },
  });
});
