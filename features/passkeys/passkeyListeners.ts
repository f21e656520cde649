// The passkey listeners: when a view that offers passkeys opens, when the visitor asks for one,
// and when the page leaves a ceremony behind. The ceremonies themselves (ceremonies.ts) are a
// chunk of their own, with the browser's WebAuthn library beside them: the first load of the app
// carries neither. Replay and time travel run no listener, so no ceremony runs again.
import { isAnyOf, type UnknownAction } from '@reduxjs/toolkit';

import { api, ASK_AFRESH } from '../../store/apiSlice';
import {
  selectAuthStatus,
  selectSecondStep,
  sessionVerified,
  tokenRejected,
  verifyFailed,
} from '../../store/authSlice';
import { confirmationOffered } from '../../store/confirmation/confirmationSlice';
import { askWhileHome, movedWithinHome } from '../../store/home/askWhileHome';
import type { AppStartListening } from '../../store/listeners';
import type { RootState } from '../../store/rootReducer';
import { locationChanged, selectPathname } from '../../store/router/routerSlice';
import { ROUTES } from '../../store/routes';
import { signedIn } from '../../store/wayIn';

import type { ListenerApi } from './ceremonies';
import {
  passkeyAddRequested,
  passkeyCeremonyFailed,
  passkeyConfirmRequested,
  passkeyReviewOffered,
  passkeyListRetried,
  passkeyLoginRequested,
  passkeySupportChecked,
  type Ceremony,
} from './passkeysSlice';

/** The ceremonies' chunk; a failed fetch is not kept, so the next try fetches it again. */
let loading: Promise<typeof import('./ceremonies')> | null = null;
function ceremonies() {
  loading ??= import(/* webpackChunkName: "passkey-ceremonies" */ './ceremonies').catch(
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The ceremonies, or (their code could not be fetched) the ceremony's end, said as such. */
async function ceremoniesFor(listenerApi: ListenerApi, which: Ceremony) {
  try {
    return await listenerApi.pause(ceremonies());
  } catch (error) {
    if (listenerApi.signal.aborted) throw error;
    if (which !== 'autofill') {
      listenerApi.dispatch(passkeyCeremonyFailed({ ceremony: which, failure: 'notLoaded' }));
    }
    return null;
  }
}

/**
 * A ceremony after which the autofill offers passkeys again: the button's, unless the browser
 * cannot do it at all. Never the autofill's own end: a browser may end it at once (with no
 * passkey of this site, say), and offering again would ask the server again and again.
 */
function offersAgainAfter(action: UnknownAction): boolean {
  if (!passkeyCeremonyFailed.match(action)) return false;
  const { ceremony: which, failure } = action.payload;
  return which === 'login' && !['stopped', 'unsupported', 'notLoaded'].includes(failure);
}

const onLoginView = (state: RootState) =>
  selectPathname(state) === ROUTES.login && selectAuthStatus(state) === 'guest';

export function addPasskeyListeners(startAppListening: AppStartListening) {
  // A view outside home offers the confirmation: whether this browser can use a passkey, and the
  // account's passkeys.
  startAppListening({
    actionCreator: confirmationOffered,
    effect: (_action, { dispatch, extra }) => {
      const supported = extra.passkeys.supported();
      dispatch(passkeySupportChecked({ supported }));
      if (supported) extra.passkeys.preload();
      void dispatch(api.endpoints.passkeys.initiate(undefined, ASK_AFRESH));
    },
  });

  // Home: whether this browser can add passkeys, and the account's list.
  startAppListening({
    actionCreator: sessionVerified,
    effect: async (action, listenerApi) => {
      if (selectPathname(listenerApi.getState()) !== ROUTES.home) return;
      if (movedWithinHome(action, listenerApi.getOriginalState())) return;
      listenerApi.cancelActiveListeners();
      const { dispatch, extra } = listenerApi;
      const supported = extra.passkeys.supported();
      dispatch(passkeySupportChecked({ supported }));
      if (supported) {
        extra.passkeys.preload();
        void ceremonies().catch(() => {});
      }
      await listenerApi.pause(dispatch(api.endpoints.passkeys.initiate(undefined, ASK_AFRESH)));
    },
  });

  // A change's answer says what changed: the cached list takes it, with no question asked again.
  startAppListening({
    matcher: isAnyOf(
      api.endpoints.addPasskey.matchFulfilled,
      api.endpoints.renamePasskey.matchFulfilled,
      api.endpoints.removePasskey.matchFulfilled,
    ),
    effect: (action, { dispatch }) => {
      dispatch(
        api.util.updateQueryData('passkeys', undefined, (list) => {
          if (api.endpoints.addPasskey.matchFulfilled(action)) {
            const added = action.payload.passkey;
            list.passkeys = [added, ...list.passkeys.filter((item) => item.id !== added.id)];
          } else if (api.endpoints.renamePasskey.matchFulfilled(action)) {
            const renamed = action.payload.passkey;
            const index = list.passkeys.findIndex((item) => item.id === renamed.id);
            if (index !== -1) list.passkeys[index] = renamed;
          } else if (api.endpoints.removePasskey.matchFulfilled(action)) {
            const { id } = action.meta.arg.originalArgs;
            list.passkeys = list.passkeys.filter((item) => item.id !== id);
          }
        }),
      );
    },
  });

  // Home's list again, when the visitor presses "Try again" after it could not be loaded.
  askWhileHome(startAppListening, passkeyListRetried.match, (dispatch) =>
    dispatch(api.endpoints.passkeys.initiate(undefined, ASK_AFRESH)),
  );

  // The login view: whether this browser can sign in with a passkey, and the email field's
  // autofill offering them, until the view closes or the button is pressed. It offers them again
  // after a ceremony that did not sign in.
  startAppListening({
    predicate: (action, state) =>
      onLoginView(state) &&
      (isAnyOf(tokenRejected, verifyFailed)(action) || offersAgainAfter(action)),
    effect: async (action, listenerApi) => {
      listenerApi.cancelActiveListeners();
      const { dispatch, extra } = listenerApi;
      if (!passkeyCeremonyFailed.match(action)) {
        dispatch(passkeySupportChecked({ supported: extra.passkeys.supported() }));
      }
      if (!extra.passkeys.supported()) return;
      extra.passkeys.preload();
      const offer = listenerApi.fork(async (forkApi) => {
        forkApi.signal.addEventListener('abort', () => extra.passkeys.cancel());
        const inFork = { ...listenerApi, signal: forkApi.signal, pause: forkApi.pause };
        const flows = await ceremoniesFor(inFork, 'autofill');
        await flows?.signIn(inFork, 'autofill');
      });
      // The view closes, or the visitor chose the button (or the password form's answer leaves).
      const leaving = listenerApi.condition(
        (next, state) => passkeyLoginRequested.match(next) || !onLoginView(state),
      );
      const first = await Promise.race([offer.result.then(() => 'done'), leaving]);
      if (first !== 'done') offer.cancel();
    },
  });

  // "Sign in with a passkey".
  startAppListening({
    actionCreator: passkeyLoginRequested,
    effect: async (_action, listenerApi) => {
      listenerApi.cancelActiveListeners();
      const flows = await ceremoniesFor(listenerApi, 'login');
      await flows?.signIn(listenerApi, 'login');
    },
  });

  // "Use a passkey" to confirm it is you.
  startAppListening({
    actionCreator: passkeyConfirmRequested,
    effect: async (_action, listenerApi) => {
      listenerApi.cancelActiveListeners();
      const flows = await ceremoniesFor(listenerApi, 'confirm');
      await flows?.confirmIdentity(listenerApi);
    },
  });

  // A password reset's second step signed the visitor in: home offers to remove recent passkeys,
  // as after a reset that signs in at once (the slice's reducer).
  startAppListening({
    predicate: (action, _state, previous) =>
      signedIn(action) && selectSecondStep(previous)?.afterReset === true,
    effect: (_action, { dispatch, extra }) =>
      void dispatch(passkeyReviewOffered({ reason: 'reset', at: extra.clock.now() })),
  });

  // "Add a passkey", with its name.
  startAppListening({
    actionCreator: passkeyAddRequested,
    effect: async ({ payload }, listenerApi) => {
      listenerApi.cancelActiveListeners();
      const flows = await ceremoniesFor(listenerApi, 'register');
      await flows?.register(listenerApi, payload.name);
    },
  });

  // A ceremony whose dialog is open when the page changes ends with it.
  startAppListening({
    predicate: (action, _state, previous) =>
      locationChanged.match(action) &&
      (previous.passkeys.register.step === 'browser' ||
        previous.passkeys.login.step === 'browser' ||
        previous.passkeys.confirm?.step === 'browser'),
    effect: (_action, { extra }) => extra.passkeys.cancel(),
  });
}
