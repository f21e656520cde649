// The activation view's step: the password chosen at sign-up, or a new one chosen with the code
// (offered once the server says the code is right but the password is none of those chosen).
// The `?choose=1` link of a password-reset mail opens the second step by its address alone.
import { createSlice } from '@reduxjs/toolkit';

import { locationChanged } from '../../store/router/routerSlice';

interface ActivationState {
  choosingPassword: boolean;
}

const initialState: ActivationState = { choosingPassword: false };

export const activationSlice = createSlice({
  name: 'activation',
  initialState,
  reducers: {
    /** The visitor asked to choose a new password with the code instead. */
    newPasswordAsked: (state) => {
      state.choosingPassword = true;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(locationChanged, () => initialState);
  },
  selectors: {
    selectChoosingPassword: (state) => state.choosingPassword,
  },
});

export const { newPasswordAsked } = activationSlice.actions;
export const { selectChoosingPassword } = activationSlice.selectors;
