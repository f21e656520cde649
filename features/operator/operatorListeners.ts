// The operator console's requests. On each navigation to `/operator` (once its verify call says
// signed in) the console asks the operator API whether this session may use it: the session's own
// user, read as support reads any user, answers 200 to an operator confirmed strongly, 403
// FORBIDDEN to anyone else (who goes home, told why) and 403 CONFIRMATION_REQUIRED to an operator
// who must confirm first. The app keeps no operator flag of its own: the server's answer is the
// only word on it, so a grant or a revocation on the command line counts at the next navigation.
import type { UnknownAction } from '@reduxjs/toolkit';

import { api, decodeRequestError, UNTRACKED, type RequestError } from '../../store/apiSlice';
import { selectAuthStatus, selectUser, sessionVerified } from '../../store/authSlice';
import { confirmationOffered } from '../../store/confirmation/confirmationSlice';
import type { AppDispatch, AppStartListening } from '../../store/listeners';
import { partLoaded, type RootState } from '../../store/rootReducer';
import { navigationRequested, selectPathname, selectSearch } from '../../store/router/routerSlice';
import { ROUTES } from '../../store/routes';

import { operatorHref, operatorPlaceOf } from './location';
import { operatorApi } from './operatorApi';
import {
  operatorAccessAsked,
  operatorAccessChecked,
  operatorActionAnswered,
  operatorActionConfirmed,
  operatorAddressRequested,
  operatorEventsAnswered,
  operatorEventsAsked,
  operatorMoreEventsRequested,
  operatorRetried,
  operatorSearchAnswered,
  operatorSearchRequested,
  operatorSentHome,
  operatorUploadsAnswered,
  operatorUserAnswered,
  operatorUserAsked,
  selectOperatorAccess,
  selectOperatorAddress,
  selectOperatorEvents,
  selectOperatorSent,
  selectOperatorUser,
  type EventsOf,
  type OperatorAction,
} from './operatorSlice';

type Outcome<T> = { ok: true; value: T } | { ok: false; error: RequestError };
type Request<T> = PromiseLike<{ data: T } | { error: unknown }> & { abort(): void };

/**
 * On each `operatorUserAsked`, one read of that user (`read`), its answer's part (`pick`) or its
 * error dispatched as `answered`; a newer ask cancels it.
 */
function onUserAsked<T, V>(
  startAppListening: AppStartListening,
  read: (dispatch: AppDispatch, id: string) => Request<T | undefined>,
  pick: (answer: T) => V,
  answered: (payload: { id: string } & Outcome<V>) => UnknownAction,
) {
  startAppListening({
    actionCreator: operatorUserAsked,
    effect: async ({ payload }, listenerApi) => {
      listenerApi.cancelActiveListeners();
      const { dispatch, signal } = listenerApi;
      const answer = await outcomeOf(read(dispatch, payload.id), signal);
      if (signal.aborted) return;
      const { id } = payload;
      dispatch(
        answered(
          answer.ok
            ? { id, ok: true, value: pick(answer.value) }
            : { id, ok: false, error: answer.error },
        ),
      );
    },
  });
}

/** A call's answer as plain data; the call is aborted when the listener is cancelled. */
export async function outcomeOf<T>(
  request: Request<T | undefined>,
  signal: AbortSignal,
): Promise<Outcome<T>> {
  const abort = () => request.abort();
  signal.addEventListener('abort', abort);
  try {
    const result = await request;
    if ('error' in result) return { ok: false, error: decodeRequestError(result.error) };
    return result.data === undefined
      ? { ok: false, error: { code: 'UNEXPECTED' } }
      : { ok: true, value: result.data };
  } finally {
    signal.removeEventListener('abort', abort);
  }
}

export const onConsole = (state: RootState) =>
  selectPathname(state) === ROUTES.operator && selectAuthStatus(state) === 'signedIn';

interface Api {
  dispatch: AppDispatch;
  getState: () => RootState;
  signal: AbortSignal;
}

/** Asks whether this session may use the console; true when it may. */
async function checkAccess({ dispatch, getState, signal }: Api): Promise<boolean> {
  const self = selectUser(getState());
  if (!self) return false;
  dispatch(operatorAccessAsked());
  const answer = await outcomeOf(
    dispatch(operatorApi.endpoints.operatorUser.initiate({ id: self.id }, UNTRACKED)),
    signal,
  );
  if (signal.aborted) return false;
  if (answer.ok) {
    dispatch(operatorAccessChecked({ access: 'open' }));
    return true;
  }
  const { code } = answer.error;
  const access =
    code === 'FORBIDDEN' ? 'forbidden' : code === 'CONFIRMATION_REQUIRED' ? 'confirm' : 'failed';
  dispatch(operatorAccessChecked({ access, error: answer.error }));
  return false;
}

/** What the console's address shows: the user's page asks for the user and their events. */
function openPlace({ dispatch, getState }: Api) {
  const { userId } = operatorPlaceOf(selectSearch(getState()));
  if (userId === null) return;
  dispatch(operatorUserAsked({ id: userId }));
  dispatch(operatorEventsAsked({ of: 'user', more: false }));
}

function sendAction(dispatch: AppDispatch, action: OperatorAction) {
  const id = action.userId;
  switch (action.kind) {
    case 'endSession':
      return dispatch(
        operatorApi.endpoints.operatorEndSessions.initiate(
          { id, sessionId: action.sessionId },
          UNTRACKED,
        ),
      );
    case 'endAllSessions':
      return dispatch(operatorApi.endpoints.operatorEndSessions.initiate({ id }, UNTRACKED));
    case 'lock':
      return dispatch(operatorApi.endpoints.operatorLock.initiate({ id }, UNTRACKED));
    case 'unlock':
      return dispatch(operatorApi.endpoints.operatorUnlock.initiate({ id }, UNTRACKED));
    case 'resendActivation':
      return dispatch(operatorApi.endpoints.operatorResendActivation.initiate({ id }, UNTRACKED));
    case 'delete':
      return dispatch(operatorApi.endpoints.operatorDeleteUser.initiate({ id }, UNTRACKED));
  }
}

const eventsOf = (of: EventsOf) => (action: UnknownAction) =>
  operatorEventsAsked.match(action) && action.payload.of === of;

export function addOperatorListeners(startAppListening: AppStartListening) {
  // Each navigation to the console (a move between its panels too), and "Try again".
  startAppListening({
    predicate: (action, state) =>
      onConsole(state) &&
      (sessionVerified.match(action) ||
        operatorRetried.match(action) ||
        // The console's chunk loaded after its navigation's verify call answered.
        partLoaded.match(action)),
    effect: async (_action, listenerApi) => {
      listenerApi.cancelActiveListeners();
      if (selectOperatorAccess(listenerApi.getState()) !== 'open') {
        if (!(await checkAccess(listenerApi))) return;
      }
      openPlace(listenerApi);
    },
  });

  // Confirmed (with the code or a passkey) on the console: it asks again, and opens.
  startAppListening({
    predicate: (action, state) =>
      onConsole(state) &&
      selectOperatorAccess(state) === 'confirm' &&
      api.endpoints.confirm.matchFulfilled(action),
    effect: async (_action, listenerApi) => {
      listenerApi.cancelActiveListeners();
      if (await checkAccess(listenerApi)) openPlace(listenerApi);
    },
  });

  // Not an operator: home, with a notice that says why.
  startAppListening({
    predicate: (_action, state, previous) =>
      selectOperatorAccess(state) === 'forbidden' &&
      selectOperatorAccess(previous) !== 'forbidden' &&
      onConsole(state),
    effect: (_action, { dispatch }) => {
      dispatch(operatorSentHome());
      dispatch(navigationRequested({ to: ROUTES.home, replace: true }));
    },
  });

  // An operator who must confirm: what the confirmation offers (the code, a passkey) is asked.
  startAppListening({
    predicate: (_action, state, previous) =>
      selectOperatorAccess(state) === 'confirm' && selectOperatorAccess(previous) !== 'confirm',
    effect: (_action, { dispatch }) => {
      dispatch(confirmationOffered());
    },
  });

  // The search: by the start of an email and by id at once, one list.
  startAppListening({
    actionCreator: operatorSearchRequested,
    effect: async ({ payload }, listenerApi) => {
      listenerApi.cancelActiveListeners();
      const { dispatch, signal } = listenerApi;
      const text = payload.text.trim();
      const [byEmail, byId] = await Promise.all([
        outcomeOf(
          dispatch(operatorApi.endpoints.operatorUsers.initiate({ email: text }, UNTRACKED)),
          signal,
        ),
        outcomeOf(
          dispatch(operatorApi.endpoints.operatorUsers.initiate({ id: text }, UNTRACKED)),
          signal,
        ),
      ]);
      if (signal.aborted) return;
      if (!byEmail.ok) {
        dispatch(operatorSearchAnswered({ ok: false, error: byEmail.error }));
        return;
      }
      const found = byId.ok ? byId.value.users : [];
      const users = [
        ...found,
        ...byEmail.value.users.filter((user) => !found.some((f) => f.id === user.id)),
      ];
      dispatch(operatorSearchAnswered({ ok: true, value: users }));
    },
  });

  // The user's summary, and beside it their uploaded activity logs.
  onUserAsked(
    startAppListening,
    (dispatch, id) => dispatch(operatorApi.endpoints.operatorUser.initiate({ id }, UNTRACKED)),
    (answer) => answer.user,
    operatorUserAnswered,
  );
  onUserAsked(
    startAppListening,
    (dispatch, id) =>
      dispatch(operatorApi.endpoints.operatorUserUploads.initiate({ id }, UNTRACKED)),
    (answer) => answer.uploads,
    operatorUploadsAnswered,
  );

  // A page of events: the user's, or the typed address's; "Older events" asks for the next.
  for (const which of ['user', 'address'] as const) {
    startAppListening({
      predicate: eventsOf(which),
      effect: async (action, listenerApi) => {
        if (!operatorEventsAsked.match(action)) return;
        listenerApi.cancelActiveListeners();
        const { dispatch, getState, signal } = listenerApi;
        const state = getState();
        const page = which === 'user' ? selectOperatorEvents(state) : selectOperatorAddress(state);
        const key =
          which === 'user'
            ? (selectOperatorUser(state)?.id ?? '')
            : selectOperatorAddress(state).text;
        if (key === '') return;
        const before = action.payload.more ? (page.next ?? undefined) : undefined;
        const request =
          which === 'user'
            ? dispatch(
                operatorApi.endpoints.operatorUserEvents.initiate({ id: key, before }, UNTRACKED),
              )
            : dispatch(
                operatorApi.endpoints.operatorAddressEvents.initiate(
                  { address: key, before },
                  UNTRACKED,
                ),
              );
        const answer = await outcomeOf(request, signal);
        if (signal.aborted) return;
        const { more } = action.payload;
        dispatch(
          operatorEventsAnswered(
            answer.ok
              ? {
                  of: which,
                  more,
                  key,
                  ok: true,
                  value: { events: answer.value.events, next: answer.value.next },
                }
              : { of: which, more, key, ok: false, error: answer.error },
          ),
        );
      },
    });
  }

  startAppListening({
    actionCreator: operatorAddressRequested,
    effect: (_action, { dispatch }) =>
      void dispatch(operatorEventsAsked({ of: 'address', more: false })),
  });

  startAppListening({
    actionCreator: operatorMoreEventsRequested,
    effect: ({ payload }, { dispatch }) =>
      void dispatch(operatorEventsAsked({ of: payload.of, more: true })),
  });

  // An action, once its confirmation step was confirmed; then the user's page reads afresh (a
  // deleted user's page is gone: back to the search).
  startAppListening({
    actionCreator: operatorActionConfirmed,
    effect: async (_action, listenerApi) => {
      const { dispatch, getState, signal } = listenerApi;
      const sent = selectOperatorSent(getState());
      if (sent?.status !== 'sending') return;
      const { action } = sent;
      const answer = await outcomeOf<{ ended?: number }>(
        sendAction(dispatch, action) as Request<{ ended?: number }>,
        signal,
      );
      dispatch(
        operatorActionAnswered(
          answer.ok
            ? { action, ok: true, value: { ended: answer.value.ended } }
            : { action, ok: false, error: answer.error },
        ),
      );
      if (!answer.ok && answer.error.code === 'FORBIDDEN' && onConsole(getState())) {
        await checkAccess(listenerApi);
        return;
      }
      if (!answer.ok || !onConsole(getState())) return;
      if (action.kind === 'delete') {
        dispatch(navigationRequested({ to: operatorHref({}) }));
        return;
      }
      dispatch(operatorUserAsked({ id: action.userId }));
      dispatch(operatorEventsAsked({ of: 'user', more: false }));
    },
  });
}
