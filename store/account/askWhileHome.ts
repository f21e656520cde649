import type { UnknownAction } from '@reduxjs/toolkit';

import type { AppDispatch, AppStartListening } from '../listeners';
import { ROUTES } from '../navigation/routes';
import { selectPathname } from '../router/routerSlice';

/**
 * One of home's answers, asked afresh after each action `when` matches: only while home is the
 * page (a guest never asks), and only the latest ask counts (an earlier one still under way is
 * aborted).
 */
export function askWhileHome(
  startAppListening: AppStartListening,
  when: (action: UnknownAction) => boolean,
  ask: (dispatch: AppDispatch) => { abort(): void } & PromiseLike<unknown>,
) {
  startAppListening({
    predicate: (action) => when(action),
    effect: async (_action, listenerApi) => {
      if (selectPathname(listenerApi.getState()) !== ROUTES.home) return;
      listenerApi.cancelActiveListeners();
      const request = ask(listenerApi.dispatch);
      listenerApi.signal.addEventListener('abort', () => request.abort());
      await listenerApi.pause(Promise.resolve(request));
    },
  });
}
