import { loggedOut } from '../../../store/authSlice';
import { partLoaded, rootReducer, type RootState } from '../../../store/rootReducer';
import { FIRST_PANEL, operatorHref, operatorPlaceOf } from '../location';
import {
  operatorAccessChecked,
  operatorActionAnswered,
  operatorActionAsked,
  operatorActionCancelled,
  operatorActionConfirmed,
  operatorEventsAnswered,
  operatorEventsAsked,
  operatorSearchAnswered,
  operatorUserAnswered,
  operatorUserAsked,
  type OperatorEvent,
} from '../operatorSlice';
import { OPERATOR_SLICES } from '../part';

const start = () => rootReducer(undefined, partLoaded({ slices: OPERATOR_SLICES }));
const fold = (state: RootState, ...actions: Parameters<typeof rootReducer>[1][]) =>
  actions.reduce(rootReducer, state);

const event = (id: string): OperatorEvent => ({
  id,
  time: '2026-01-14T09:00:00.000Z',
  event: 'login',
  outcome: 'accepted',
  status: 200,
  code: null,
  limit: null,
  userId: 'u2',
  sessionId: null,
  addressHash: 'abc',
  logId: null,
  requestId: null,
  operatorId: null,
});

describe("the console's part of the state", () => {
  it('is not in the state until the console loads, then joins at its app/partLoaded', () => {
    const visitor = rootReducer(undefined, { type: 'test/start' });
    expect(Object.keys(visitor)).not.toContain('operator');
    expect(Object.keys(visitor)).not.toContain('operatorFunnel');
    const loaded = rootReducer(visitor, partLoaded({ slices: OPERATOR_SLICES }));
    expect(loaded.operator).toMatchObject({ access: 'unknown' });
    expect(loaded.operatorFunnel).toMatchObject({ status: 'idle' });
    // A later action keeps the part; a reload's state without it goes back to none.
    expect(fold(loaded, loggedOut()).operator).toMatchObject({ access: 'unknown' });
    const reloaded = rootReducer(loaded, {
      type: 'actionLog/pageReloaded',
      payload: { state: visitor },
    });
    expect(Object.keys(fold(reloaded, loggedOut()))).not.toContain('operator');
  });
});

describe("the console's place in its address", () => {
  it('reads the panel and the user, and writes them back', () => {
    expect(operatorPlaceOf('')).toEqual({ panel: FIRST_PANEL, userId: null });
    expect(operatorPlaceOf('?user=u2')).toEqual({ panel: FIRST_PANEL, userId: 'u2' });
    expect(operatorPlaceOf('?panel=address&user=u2')).toEqual({ panel: 'address', userId: null });
    expect(operatorHref({ userId: 'a b' })).toBe('/operator?user=a%20b');
    expect(operatorHref({ panel: 'address' })).toBe('/operator?panel=address');
    expect(operatorHref({ panel: FIRST_PANEL })).toBe('/operator');
  });
});

describe('the operator slice', () => {
  it('stays plain data: every state folds through JSON unchanged', () => {
    const state = fold(
      start(),
      operatorAccessChecked({ access: 'open' }),
      operatorUserAsked({ id: 'u2' }),
      operatorEventsAsked({ of: 'user', more: false }),
      operatorEventsAnswered({
        of: 'user',
        more: false,
        key: 'u2',
        ok: true,
        value: { events: [event('e1')], next: 'cursor' },
      }),
    );
    expect(JSON.parse(JSON.stringify(state.operator))).toEqual(state.operator);
  });

  it('adds an older page under the first, and drops an answer for another user', () => {
    let state = fold(
      start(),
      operatorUserAsked({ id: 'u2' }),
      operatorEventsAsked({ of: 'user', more: false }),
      operatorEventsAnswered({
        of: 'user',
        more: false,
        key: 'u2',
        ok: true,
        value: { events: [event('e2')], next: 'c' },
      }),
      operatorEventsAsked({ of: 'user', more: true }),
    );
    expect(state.operator!.events).toMatchObject({ status: 'loaded', loadingMore: true });
    state = fold(
      state,
      operatorEventsAnswered({
        of: 'user',
        more: true,
        key: 'u2',
        ok: true,
        value: { events: [event('e1')], next: null },
      }),
      operatorEventsAnswered({
        of: 'user',
        more: false,
        key: 'someone-else',
        ok: true,
        value: { events: [], next: null },
      }),
    );
    expect(state.operator!.events.list.map((each) => each.id)).toEqual(['e2', 'e1']);
    expect(state.operator!.events.next).toBeNull();
  });

  it('goes back to the confirmation when a call says it lapsed, and home-bound when forbidden', () => {
    const open = fold(start(), operatorAccessChecked({ access: 'open' }));
    const lapsed = fold(
      open,
      operatorSearchAnswered({ ok: false, error: { code: 'CONFIRMATION_REQUIRED', status: 403 } }),
    );
    expect(lapsed.operator).toMatchObject({ access: 'confirm', lapsed: true });
    const reopened = fold(lapsed, operatorAccessChecked({ access: 'open' }));
    expect(reopened.operator!.lapsed).toBe(false);
    const revoked = fold(
      open,
      operatorUserAsked({ id: 'u2' }),
      operatorUserAnswered({ id: 'u2', ok: false, error: { code: 'FORBIDDEN', status: 403 } }),
    );
    expect(revoked.operator!.access).toBe('forbidden');
  });

  it('sends an action only once it is confirmed, and keeps how it went', () => {
    const lock = { kind: 'lock' as const, userId: 'u2' };
    let state = fold(start(), operatorActionAsked(lock), operatorActionCancelled());
    expect(state.operator!.asked).toBeNull();
    expect(fold(state, operatorActionConfirmed()).operator!.sent).toBeNull();
    state = fold(state, operatorActionAsked(lock), operatorActionConfirmed());
    expect(state.operator).toMatchObject({
      asked: null,
      sent: { action: lock, status: 'sending' },
    });
    state = fold(state, operatorActionAnswered({ action: lock, ok: true, value: {} }));
    expect(state.operator!.sent).toMatchObject({ status: 'done', error: null });
    // An operator's account is kept: the refusal is the action's, not the console's.
    const open = fold(state, operatorAccessChecked({ access: 'open' }));
    const refused = fold(
      open,
      operatorActionAnswered({
        action: lock,
        ok: false,
        error: { code: 'FORBIDDEN', status: 403 },
      }),
    );
    expect(refused.operator).toMatchObject({ access: 'open', sent: { status: 'failed' } });
  });

  it('forgets everything when the session ends', () => {
    const state = fold(start(), operatorAccessChecked({ access: 'open' }), loggedOut());
    expect(state.operator!.access).toBe('unknown');
  });
});
