// Whatever is left in storage, the store starts from a decoded, plain state and writes nothing.
import fc from 'fast-check';

import { fakeEffects } from '../../../testing/app/fakeEffects';
import type { KeyValueStorage } from '../../effects';
import { makeStore } from '../../store';
import { initialStateFromStorage } from '../../storedState';

const stored = fc.option(
  fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.json(), fc.constantFrom('en', 'kh', '')),
  { nil: undefined },
);

it('decodes any token and localeRef into a known locale and a token flag', () => {
  fc.assert(
    fc.property(stored, stored, (token, localeRef) => {
      const storage: Record<string, string> = {};
      if (token !== undefined) storage.token = token;
      if (localeRef !== undefined) storage.localeRef = localeRef;
      const effects = fakeEffects({ storage });
      const state = initialStateFromStorage(effects.storage);
      expect(state.locale?.current).toBe(localeRef === 'kh' ? 'kh' : 'en');
      expect(state.auth?.hasToken).toBe(token !== undefined && token !== '');
      expect(state.auth?.status).toBe('unknown');
      // A bare store takes the decoded state: the property is about decoding, and 500 running
      // stores would each send a verify call.
      expect(() => makeStore(state)).not.toThrow();
      expect(effects.storageWrites).toEqual([]);
    }),
    { seed: 424242, numRuns: 500 },
  );
});

it('starts as a guest in English from a storage that throws on every read', () => {
  const refusing: KeyValueStorage = {
    getItem: () => {
      throw new DOMException('denied', 'SecurityError');
    },
    setItem: () => {
      throw new DOMException('denied', 'SecurityError');
    },
    removeItem: () => {
      throw new DOMException('denied', 'SecurityError');
    },
  };
  const state = initialStateFromStorage(refusing);
  expect(state.locale?.current).toBe('en');
  expect(state.auth?.hasToken).toBe(false);
});

it('keeps a megabyte-long token as an opaque flag, never in the state', () => {
  const huge = 'x'.repeat(1024 * 1024);
  const state = initialStateFromStorage(fakeEffects({ storage: { token: huge } }).storage);
  expect(state.auth?.hasToken).toBe(true);
  expect(JSON.stringify(state)).not.toContain('xxxx');
});
