// What just happened, said once by the next view: an activation, a log-out, a session ended
// elsewhere, a signed-in visitor sent home from a guest-only link...
// A notice raised before a navigation waits for it, shows on the view it settles on, and goes with
// the navigation after that, or when the visitor dismisses it.
import { createAction, createSlice } from '@reduxjs/toolkit';

import { api, decodeRequestError } from '../api/apiSlice';
import { loggedOut, sessionEnded } from '../auth/authSlice';
import { sentHome } from '../navigation/navigationSlice';
import { locationChanged } from '../router/routerSlice';

export type NoticeKind =
  | 'activated'
  | 'passwordReset'
  | 'accountDeleted'
  | 'loggedOut'
  | 'sessionEnded'
  | 'activationLinkWhileSignedIn'
  | 'resetLinkWhileSignedIn'
  | 'signInAgain';

export interface NoticeState {
  current: NoticeKind | null;
  /** True until the navigation the notice is for has started. */
  awaitsNavigation: boolean;
}

const initialState: NoticeState = { current: null, awaitsNavigation: false };

/** The visitor closed the notice. */
export const noticeDismissed = createAction('notice/dismissed');

/** The next navigation's view says it. */
const forNextView = (kind: NoticeKind): NoticeState => ({ current: kind, awaitsNavigation: true });

export const noticeSlice = createSlice({
  name: 'notice',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(locationChanged, (state) =>
        state.awaitsNavigation ? { ...state, awaitsNavigation: false } : initialState,
      )
      .addCase(noticeDismissed, () => initialState)
      .addCase(sessionEnded, () => forNextView('sessionEnded'))
      // A deletion ends in a log-out too: the notice already waiting says more.
      .addCase(loggedOut, (state) =>
        state.current && state.awaitsNavigation ? state : forNextView('loggedOut'),
      )
      .addCase(sentHome, (_state, { payload }) =>
        forNextView(
          payload.from === 'activation' ? 'activationLinkWhileSignedIn' : 'resetLinkWhileSignedIn',
        ),
      )
      // A login's second step out of time (or already used): the password step says why, now.
      .addMatcher(api.endpoints.loginSecondFactor.matchRejected, (state, { payload }) =>
        decodeRequestError(payload).code === 'INVALID_TICKET'
          ? { current: 'signInAgain', awaitsNavigation: false }
          : state,
      )
      .addMatcher(api.endpoints.verifyAccount.matchFulfilled, () => forNextView('activated'))
      .addMatcher(api.endpoints.resetPassword.matchFulfilled, () => forNextView('passwordReset'))
      .addMatcher(api.endpoints.deleteAccount.matchFulfilled, () => forNextView('accountDeleted'));
  },
  selectors: {
    /** The notice to show now: none while it waits for its navigation. */
    selectNotice: (state) => (state.awaitsNavigation ? null : state.current),
  },
});

export const { selectNotice } = noticeSlice.selectors;
