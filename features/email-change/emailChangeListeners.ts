import { isAnyOf } from '@reduxjs/toolkit';

import { api, ASK_AFRESH } from '../../store/api/apiSlice';
import { sessionVerified } from '../../store/auth/authSlice';
import { askWhileHome } from '../../store/home/askWhileHome';
import type { AppStartListening } from '../../store/listeners';

import { emailChangeRetried } from './emailChangeSlice';

export function addEmailChangeListeners(startAppListening: AppStartListening) {
  // The pending email change is the server's: asked for when home opens, so it shows after a
  // reload and on another device, again once a change or a new code was asked for, and when the
  // visitor presses "Try again" after a failure.
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
