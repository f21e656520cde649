// One reading of database, Redis and disk errors for both engines and Redis.
import { failureKind, isUnavailable } from '../db/failures';

const failure = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

it.each([
  ['SQLITE_CONSTRAINT_UNIQUE', 'unique'],
  ['SQLITE_CONSTRAINT_PRIMARYKEY', 'unique'],
  ['23505', 'unique'],
  ['SQLITE_FULL', 'storage'],
  ['SQLITE_IOERR_WRITE', 'storage'],
  ['SQLITE_READONLY', 'storage'],
  ['53100', 'storage'],
  ['SQLITE_BUSY', 'unavailable'],
  ['SQLITE_LOCKED', 'unavailable'],
  ['ECONNREFUSED', 'unavailable'],
  ['08006', 'unavailable'],
  ['57P01', 'unavailable'],
  ['23503', undefined],
  ['SQLITE_CONSTRAINT_FOREIGNKEY', undefined],
  ['ENOENT', undefined],
])('reads code %s as %s', (code, kind) => {
  expect(failureKind(failure(code))).toBe(kind);
});

it('reads the drivers’ messages that carry no code, and nothing else', () => {
  expect(failureKind(new Error('Connection terminated unexpectedly'))).toBe('unavailable');
  expect(failureKind(new Error('Reached the max retries per request limit'))).toBe('unavailable');
  expect(failureKind(new Error('plain'))).toBeUndefined();
  expect(failureKind(undefined)).toBeUndefined();
  expect(failureKind('SQLITE_FULL')).toBeUndefined();
});

it('answers 503 for storage and unavailability, never for a unique race or a bug', () => {
  expect(isUnavailable(failure('SQLITE_FULL'))).toBe(true);
  expect(isUnavailable(failure('ECONNRESET'))).toBe(true);
  expect(isUnavailable(failure('23505'))).toBe(false);
  expect(isUnavailable(new TypeError('x is undefined'))).toBe(false);
});
