import { isAnyOf } from '@reduxjs/toolkit';

import { api, ASK_AFRESH } from '../../store/api/apiSlice';
import { sessionVerified } from '../../store/auth/authSlice';
import { confirmationOffered } from '../../store/confirmation/confirmationSlice';
import { askWhileHome } from '../../store/home/askWhileHome';
import type { AppStartListening } from '../../store/listeners';

import { secondFactorRetried } from './secondFactorSlice';

export function addSecondFactorListeners(startAppListening: AppStartListening) {
  // Whether the second factor is on, and how many recovery codes are left: the server's, asked
  // for when home opens, and again when the visitor presses "Try again" after a failure.
  askWhileHome(startAppListening, isAnyOf(sessionVerified, secondFactorRetried), (dispatch) =>
    dispatch(api.endpoints.secondFactor.initiate(undefined, ASK_AFRESH)),
  );

  // A view outside home offers the confirmation: whether it asks the second factor's code.
  startAppListening({
    actionCreator: confirmationOffered,
    effect: (_action, { dispatch }) => {
      void dispatch(api.endpoints.secondFactor.initiate(undefined, ASK_AFRESH));
    },
  });
}
