// The kept view and the wait, folded through the root reducer as replay folds them.
import type { UnknownAction } from '@reduxjs/toolkit';

import { USER } from '../../testing/app/fetchStub';
import {
  loggedOut,
  sessionVerified,
  tokenRejected,
  verifyFailed,
  verifyStarted,
} from '../authSlice';
import { waitGrewLong, waitGrewVeryLong } from '../navigationSlice';
import { rootReducer, type RootState } from '../rootReducer';
import { locationChanged } from '../router/routerSlice';
import { selectScreen } from '../screenSelectors';

const EXP = 1_900_000_000;

function go(pathname: string, key: string, search = ''): UnknownAction[] {
  const location = { pathname, search, hash: '', key, state: null };
  return [locationChanged({ action: 'PUSH', location }), verifyStarted({ navigationKey: key })];
}
const signedIn = (key: string) =>
  sessionVerified({ navigationKey: key, user: USER, expiresAt: EXP });
const guest = (key: string) => tokenRejected({ navigationKey: key, code: 'INVALID_TOKEN' });

function fold(actions: UnknownAction[]): RootState[] {
  const states: RootState[] = [rootReducer(undefined, { type: '@@init' })];
  for (const action of actions) states.push(rootReducer(states.at(-1), action));
  return states;
}
const last = (actions: UnknownAction[]) => fold(actions).at(-1)!;

it('shows a loading card, busy, until the first navigation settles', () => {
  const state = last(go('/login', 'a'));
  expect(selectScreen(state)).toMatchObject({ kind: 'loading', wait: 'brief' });
});

it('keeps the last settled view, with its own location, busy while the next one is checked', () => {
  const state = last([
    ...go('/user/verify-account', 'a', '?email=a%40b.c'),
    guest('a'),
    ...go('/login', 'b'),
  ]);
  expect(selectScreen(state)).toEqual({
    kind: 'view',
    route: 'activation',
    location: expect.objectContaining({ key: 'a', search: '?email=a%40b.c' }),
    busy: true,
    wait: 'brief',
  });
  const settled = rootReducer(state, guest('b'));
  expect(selectScreen(settled)).toMatchObject({ kind: 'view', route: 'login', busy: false });
  expect(settled.navigation.wait).toBeNull();
});

it('keeps home with its user while a signed-in visitor is checked again', () => {
  const state = last([...go('/', 'a'), signedIn('a'), ...go('/login', 'b')]);
  expect(state.auth).toMatchObject({ status: 'checking', user: USER, expiresAt: EXP });
  expect(selectScreen(state)).toMatchObject({ kind: 'view', route: 'home', busy: true });
});

it('one wait spans a navigation and its redirect; its thresholds only move forward', () => {
  const states = fold([
    ...go('/login', 'a'),
    waitGrewLong(),
    signedIn('a'),
    ...go('/', 'b'),
    waitGrewVeryLong(),
    waitGrewLong(),
  ]);
  expect(states.map((state) => state.navigation.wait)).toEqual([
    null,
    'brief',
    'brief',
    'long',
    'long',
    'long',
    'long',
    'veryLong',
    'veryLong',
  ]);
  expect(rootReducer(states.at(-1), signedIn('b')).navigation.wait).toBeNull();
  expect(rootReducer(undefined, waitGrewLong()).navigation.wait).toBeNull();
});

it('never keeps home for a visitor who turned out a guest, nor a guest form for a signed-in one', () => {
  const failedOnGuestRoute = last([
    ...go('/', 'a'),
    signedIn('a'),
    ...go('/signup', 'b'),
    verifyFailed({ navigationKey: 'b', reason: 'server', status: 503 }),
    ...go('/', 'c'),
  ]);
  expect(selectScreen(failedOnGuestRoute)).toMatchObject({ kind: 'view', route: 'signup' });

  const revoked = last([...go('/', 'a'), signedIn('a'), ...go('/', 'b'), guest('b')]);
  expect(revoked.navigation.settled).toBeNull();
  expect(selectScreen(revoked)).toMatchObject({ kind: 'loading' });

  const signedInElsewhere = last([
    ...go('/login', 'a'),
    guest('a'),
    ...go('/signup', 'b'),
    signedIn('b'),
  ]);
  expect(signedInElsewhere.navigation.settled).toBeNull();
  expect(selectScreen(signedInElsewhere)).toMatchObject({ kind: 'loading' });
});

it('after log-out the visitor is a guest with no user, and home is no longer kept', () => {
  const state = last([...go('/', 'a'), signedIn('a'), loggedOut(), ...go('/login', 'b')]);
  expect(state.auth).toMatchObject({ status: 'checking', user: null, expiresAt: null });
  expect(selectScreen(state)).toMatchObject({ kind: 'loading', wait: 'brief' });
  const between = last([...go('/', 'a'), signedIn('a'), loggedOut()]);
  expect(between.auth).toMatchObject({ status: 'guest', user: null, hasToken: false });
  expect(selectScreen(between)).toMatchObject({ kind: 'loading' });
});

it('ignores an answer for an older navigation', () => {
  const state = last([...go('/login', 'a'), ...go('/signup', 'b'), guest('a')]);
  expect(state.navigation.settled).toBeNull();
  expect(selectScreen(state)).toMatchObject({ kind: 'loading' });
});
