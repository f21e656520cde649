import { combineSlices, type UnknownAction } from '@reduxjs/toolkit';

import { emailChangeSlice } from '../features/email-change/emailChangeSlice';
import { sessionsSlice } from '../features/login/sessionsSlice';
import { operatorFunnelSlice } from '../features/operator/funnelSlice';
import { operatorSlice } from '../features/operator/operatorSlice';
import { passkeysSlice } from '../features/passkeys/passkeysSlice';
import { providersSlice } from '../features/providers/providersSlice';
import { secondFactorSlice } from '../features/second-factor/secondFactorSlice';
import { activationSlice } from '../features/signup/activationSlice';
import { api } from './api/apiSlice';
import { authSlice } from './auth/authSlice';
import { confirmationSlice } from './confirmation/confirmationSlice';
import { localeSlice } from './locale/localeSlice';
import { navigationSlice } from './navigation/navigationSlice';
import { noticeSlice } from './notice/noticeSlice';
import { routerSlice } from './router/routerSlice';
import { submissionsSlice } from './submissions/submissionsSlice';

const sliceReducer = combineSlices(
  routerSlice,
  authSlice,
  navigationSlice,
  localeSlice,
  submissionsSlice,
  sessionsSlice,
  emailChangeSlice,
  secondFactorSlice,
  confirmationSlice,
  activationSlice,
  noticeSlice,
  passkeysSlice,
  providersSlice,
  operatorSlice,
  operatorFunnelSlice,
  api,
);

export type RootState = ReturnType<typeof sliceReducer>;

/**
 * The app's one pure reducer: the store, the recorder and replay all fold actions through it.
 * A reload's mark in an action log (`actionLog/pageReloaded`, see actionLog/recorder.ts) carries
 * the new page's starting state; the running store never receives it.
 */
export const rootReducer: typeof sliceReducer = Object.assign(
  (state: RootState | undefined, action: UnknownAction) => {
    if (action.type !== 'actionLog/pageReloaded') return sliceReducer(state, action);
    const next = (action.payload as { state?: unknown } | undefined)?.state;
    const usable = typeof next === 'object' && next !== null && !Array.isArray(next);
    return usable ? (next as RootState) : sliceReducer(state, action);
  },
  sliceReducer,
);
