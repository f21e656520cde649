// What just happened, said once by the next view: an activation, a log-out, a session ended
// elsewhere, a signed-in visitor sent home from a guest-only link...
// A notice raised before a navigation waits for it, shows on the view it settles on, and goes with
// the navigation after that, once the visitor acts on that view (sends a form, starts a passkey),
// or when the visitor dismisses it.
import { createAction, createSlice, type UnknownAction } from '@reduxjs/toolkit';

import { ENDPOINT_FORMS } from '../../contract/endpoints';
import { api, decodeRequestError } from '../apiSlice';
import { loggedOut, secondStepExpired, sessionEnded } from '../authSlice';
import { sentHome } from '../navigationSlice';
import { locationChanged } from '../router/routerSlice';
import { signedIn } from '../wayIn';

export type NoticeKind =
  | 'activated'
  | 'passwordReset'
  | 'passwordResetNeedsCode'
  | 'accountDeleted'
  | 'loggedOut'
  | 'sessionEnded'
  | 'activationLinkWhileSignedIn'
  | 'resetLinkWhileSignedIn'
  | 'signInAgain'
  | 'operatorsOnly';

export interface NoticeState {
  current: NoticeKind | null;
  /** True until the navigation the notice is for has started. */
  awaitsNavigation: boolean;
}

const initialState: NoticeState = { current: null, awaitsNavigation: false };

/** The visitor closed the notice. */
export const noticeDismissed = createAction('notice/dismissed');

// Log-out is left out: its own notice takes the place of any other as it ends.
const sentByForms = ENDPOINT_FORMS.filter(([, name]) => name !== 'logout').map(
  ([, name]) => api.endpoints[name].matchPending,
);
const otherActs: ((action: UnknownAction) => boolean)[] = [];

const featureNotices: [(action: UnknownAction) => boolean, NoticeKind][] = [];

/** A feature's action that raises a notice for the next view: the feature names it as it loads. */
export function noticeOn(matcher: (action: UnknownAction) => boolean, kind: NoticeKind) {
  featureNotices.push([matcher, kind]);
}

/**
 * A feature's actions that count as the visitor acting on the view, beside sending a form (a
 * passkey's ceremony asked for): the feature names them when its module loads.
 */
export function countAsActing(...matchers: ((action: UnknownAction) => boolean)[]) {
  otherActs.push(...matchers);
}

/** The visitor acted on the view: sent one of its forms, or asked for a passkey's ceremony. */
function visitorActed(action: UnknownAction): boolean {
  return sentByForms.some((sent) => sent(action)) || otherActs.some((acted) => acted(action));
}

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
      // The second step's ticket ended while it waited: the password step says why, now.
      .addCase(secondStepExpired, () => ({ current: 'signInAgain', awaitsNavigation: false }))
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
      .addMatcher(api.endpoints.resetPassword.matchFulfilled, (_state, action) =>
        forNextView(signedIn(action) ? 'passwordReset' : 'passwordResetNeedsCode'),
      )
      .addMatcher(api.endpoints.deleteAccount.matchFulfilled, () => forNextView('accountDeleted'))
      // Said once: the visitor has moved on to what this view is for.
      .addMatcher(visitorActed, (state) => (state.awaitsNavigation ? state : initialState))
      .addMatcher(
        (action) => featureNotices.some(([raises]) => raises(action)),
        (_state, action) => forNextView(featureNotices.find(([raises]) => raises(action))![1]),
      );
  },
  selectors: {
    /** The notice to show now: none while it waits for its navigation. */
    selectNotice: (state) => (state.awaitsNavigation ? null : state.current),
  },
});

export const { selectNotice } = noticeSlice.selectors;
