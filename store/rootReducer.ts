import { combineSlices } from '@reduxjs/toolkit';

import { accountSlice } from './account/accountSlice';
import { api } from './api/apiSlice';
import { authSlice } from './auth/authSlice';
import { localeSlice } from './locale/localeSlice';
import { navigationSlice } from './navigation/navigationSlice';
import { routerSlice } from './router/routerSlice';
import { submissionsSlice } from './submissions/submissionsSlice';

/** The app's one pure reducer: the store, the recorder and replay all fold actions through it. */
export const rootReducer = combineSlices(
  routerSlice,
  authSlice,
  navigationSlice,
  localeSlice,
  submissionsSlice,
  accountSlice,
  api,
);

export type RootState = ReturnType<typeof rootReducer>;
