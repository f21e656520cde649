import type { UnknownAction } from '@reduxjs/toolkit';

import { sessionVerified } from '../authSlice';
import type { AppDispatch, AppStartListening } from '../listeners';
import type { RootState } from '../rootReducer';
import { selectPathname } from '../router/routerSlice';
import { ROUTES } from '../routes';

/**
 * Whether `action` is the check of a move between home's sections (`/?section=…`): home was the
 * view already, for the same user, so what it asked for when it opened is still what it shows.
 */
export function movedWithinHome(action: UnknownAction, before: RootState): boolean {
  return (
    sessionVerified.match(action) &&
    before.navigation.settled?.route === 'home' &&
    before.auth.user?.id === action.payload.user.id
  );
}

/**
 * One of home's answers, asked afresh after each action `when` matches: only while home is the
 * page (a guest never asks), not again for a move between its sections, and only the latest ask
 * counts (an earlier change still under way is aborted; a read under way is shared).
 */
export function askWhileHome(
  startAppListening: AppStartListening,
  when: (action: UnknownAction) => boolean,
  ask: (dispatch: AppDispatch) => { abort(): void } & PromiseLike<unknown>,
) {
  startAppListening({
    predicate: (action) => when(action),
    effect: async (action, listenerApi) => {
      if (selectPathname(listenerApi.getState()) !== ROUTES.home) return;
      if (movedWithinHome(action, listenerApi.getOriginalState())) return;
      listenerApi.cancelActiveListeners();
      const request = ask(listenerApi.dispatch);
      // A cached read under way is shared by every ask of it, so it is never aborted (an aborted
      // one would leave a later ask, skipped while it was under way, with no answer).
      if (!('queryCacheKey' in request)) {
        listenerApi.signal.addEventListener('abort', () => request.abort());
      }
      await listenerApi.pause(Promise.resolve(request));
    },
  });
}
