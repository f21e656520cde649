import { fakeEffects } from '../../testing/app/fakeEffects';
import { json, settle, stubFetch, USER } from '../../testing/app/fetchStub';
import { connectHistory } from '../router/routerSlice';
import { expToUnixSeconds, sessionLifetime } from '../sessionLifetime';
import { startStore } from '../startStore';

// 2026-01-15 10:00:00 in Phnom Penh (UTC+7) is 03:00:00 UTC.
const NOW = Date.UTC(2026, 0, 15, 3, 0, 0);
const NOW_S = NOW / 1000;

describe('sessionLifetime', () => {
  it.each([
    ['a number of Unix seconds', NOW_S + 3600, NOW_S + 3600, 3600],
    ['a numeric string', String(NOW_S + 90), NOW_S + 90, 90],
    ['a string without offset (Phnom Penh wall clock)', '2026-01-15T11:00:00', NOW_S + 3600, 3600],
    ['a string with Z', '2026-01-15T03:30:00Z', NOW_S + 1800, 1800],
    ['a string with an offset', '2026-01-15T12:00:00+09:00', NOW_S, 0],
    ['an exp in the past', NOW_S - 500, NOW_S - 500, 0],
    ['a past string', '2026-01-15T09:00:00', NOW_S - 3600, 0],
  ])('reads %s', (_name, exp, expiresAt, lifetime) => {
    expect(sessionLifetime(exp, NOW)).toEqual({ expiresAt, lifetimeSeconds: lifetime });
  });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['garbage text', 'next tuesday'],
    ['an object', { at: 1 }],
    ['NaN', Number.NaN],
  ])('applies the fallback of 10 seconds when exp is %s', (_name, exp) => {
    expect(sessionLifetime(exp, NOW)).toEqual({ expiresAt: NOW_S + 10, lifetimeSeconds: 10 });
  });

  it('never returns a negative lifetime', () => {
    expect(sessionLifetime(0, NOW).lifetimeSeconds).toBe(0);
    expect(expToUnixSeconds('1970-01-01T07:00:00')).toBe(0);
  });
});

describe('the user cookie', () => {
  afterEach(() => jest.restoreAllMocks());

  async function cookieFor(exp: unknown) {
    stubFetch(() =>
      json(200, { error: false, user: USER, signature: exp === undefined ? {} : { exp } }),
    );
    const effects = fakeEffects({ storage: { token: 't' }, path: '/', now: NOW });
    const store = startStore(effects);
    connectHistory(store, effects.history);
    await settle(store);
    return { write: effects.cookieWrites[0], state: store.getState() };
  }

  it('holds the user as JSON, at path /, SameSite Lax, not secure, until exp', async () => {
    const { write, state } = await cookieFor(NOW_S + 3600);
    expect(write?.op).toBe('set');
    expect(JSON.parse(write?.value ?? '')).toEqual(state.auth.user);
    expect(write?.attributes).toMatchObject({ path: '/', sameSite: 'Lax', secure: false });
    expect((write?.attributes.expires as Date).getTime()).toBe(NOW + 3600 * 1000);
    expect(state.auth.expiresAt).toBe(NOW_S + 3600);
  });

  it('lives 10 seconds when exp is missing', async () => {
    const { write } = await cookieFor(undefined);
    expect((write?.attributes.expires as Date).getTime()).toBe(NOW + 10_000);
  });

  it('is not kept when exp is already past', async () => {
    const { write, state } = await cookieFor(NOW_S - 1);
    expect(write).toMatchObject({ op: 'remove', name: 'user' });
    expect(state.auth.status).toBe('signedIn');
  });
});
