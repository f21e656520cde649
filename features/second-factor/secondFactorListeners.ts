import { isAnyOf } from '@reduxjs/toolkit';

import { api, ASK_AFRESH } from '../../store/apiSlice';
import { sessionVerified } from '../../store/authSlice';
import { confirmationOffered } from '../../store/confirmation/confirmationSlice';
import { askWhileHome } from '../../store/home/askWhileHome';
import type { AppDispatch, AppStartListening } from '../../store/listeners';

import { secondFactorRetried } from './secondFactorSlice';

export function addSecondFactorListeners(startAppListening: AppStartListening) {
  // Whether the second factor is on, and how many recovery codes are left: the server's, asked
  // for when home opens, and again when the visitor presses "Try again" after a failure.
  askWhileHome(startAppListening, isAnyOf(sessionVerified, secondFactorRetried), (dispatch) =>
    dispatch(api.endpoints.secondFactor.initiate(undefined, ASK_AFRESH)),
  );

  // A change's answer says the new state: the cache takes it, with no question asked again.
  const answered = (dispatch: AppDispatch, enabled: boolean, recoveryCodesLeft: number) => {
    dispatch(
      api.util.upsertQueryEntries([
        {
          endpointName: 'secondFactor',
          arg: undefined,
          value: { error: false, enabled, recoveryCodesLeft },
        },
      ]),
    );
  };
  startAppListening({
    matcher: isAnyOf(
      api.endpoints.confirmSecondFactor.matchFulfilled,
      api.endpoints.renewRecoveryCodes.matchFulfilled,
    ),
    effect: (action, { dispatch }) => {
      if (
        api.endpoints.confirmSecondFactor.matchFulfilled(action) ||
        api.endpoints.renewRecoveryCodes.matchFulfilled(action)
      ) {
        answered(dispatch, true, action.payload.recoveryCodes.length);
      }
    },
  });
  startAppListening({
    matcher: api.endpoints.disableSecondFactor.matchFulfilled,
    effect: (_action, { dispatch }) => answered(dispatch, false, 0),
  });

  // A view outside home offers the confirmation: whether it asks the second factor's code.
  startAppListening({
    actionCreator: confirmationOffered,
    effect: (_action, { dispatch }) => {
      void dispatch(api.endpoints.secondFactor.initiate(undefined, ASK_AFRESH));
    },
  });
}
