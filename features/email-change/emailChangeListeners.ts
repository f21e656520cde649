import { isAnyOf, type UnknownAction } from '@reduxjs/toolkit';

import { api, ASK_AFRESH, decodeRequestError } from '../../store/apiSlice';
import { sessionVerified } from '../../store/authSlice';
import { askWhileHome } from '../../store/home/askWhileHome';
import type { AppStartListening } from '../../store/listeners';

import { emailChangeRetried } from './emailChangeSlice';

/** Nothing pending any more: cancelled, confirmed, or (a resend finds none) ended elsewhere. */
function nothingPending(action: UnknownAction): boolean {
  if (api.endpoints.resendEmailChange.matchRejected(action)) {
    return decodeRequestError(action.payload).code === 'NOT_FOUND';
  }
  return isAnyOf(
    api.endpoints.cancelEmailChange.matchFulfilled,
    api.endpoints.confirmEmailChange.matchFulfilled,
  )(action);
}

export function addEmailChangeListeners(startAppListening: AppStartListening) {
  // A change's answer says what is pending now: the cache takes it at once, so the code step
  // shows (or goes) without waiting for a question. Registered before the question below, so a
  // read asked after the change starts from it.
  startAppListening({
    predicate: (action) =>
      api.endpoints.changeEmail.matchFulfilled(action) || nothingPending(action),
    effect: (action, { dispatch }) => {
      // The change's answer names no end for the code: the read asked right after it says it.
      const pending = api.endpoints.changeEmail.matchFulfilled(action)
        ? { newEmail: action.meta.arg.originalArgs.newEmail, expiresAt: '' }
        : null;
      dispatch(
        api.util.upsertQueryEntries([
          { endpointName: 'emailChange', arg: undefined, value: { error: false, pending } },
        ]),
      );
    },
  });

  // The pending email change is the server's: asked for when home opens, so it shows after a
  // reload and on another device, again once a change or a new code was asked for (for when its
  // code ends), and when the visitor presses "Try again" after a failure.
  askWhileHome(
    startAppListening,
    isAnyOf(
      sessionVerified,
      api.endpoints.changeEmail.matchFulfilled,
      api.endpoints.resendEmailChange.matchFulfilled,
      emailChangeRetried,
    ),
    (dispatch) => dispatch(api.endpoints.emailChange.initiate(undefined, ASK_AFRESH)),
  );
}
