// Passkeys: where each browser ceremony stands (adding one on home, signing in with one on
// /login). The account's list is the server's answer in the API's cache (`selectPasskeyList`),
// which the changes' answers update. The ceremonies themselves are side effects, run by the listeners
// of passkeyListeners.ts; their outcomes reach this slice as the actions below, which carry no
// options, challenge, credential id or browser answer (those go straight from the listener to the
// request, whose arguments the action log redacts).
import { createAction, createSelector, createSlice } from '@reduxjs/toolkit';
import type * as v from 'valibot';

import type { PasskeyInfo } from '../../contract/schemas';
import { api, readProgress, type ReadStatus, type RequestError } from '../../store/apiSlice';
import { loggedOut, sessionEnded, tokenRejected } from '../../store/authSlice';
import { RECENT_PASSKEY_DAYS } from '../../store/constants';
import { countAsActing } from '../../store/notice/noticeSlice';
import { locationChanged } from '../../store/router/routerSlice';
import { signedIn } from '../../store/wayIn';

export type Passkey = v.InferOutput<typeof PasskeyInfo>;

/**
 * Which ceremony: adding a passkey, signing in with the button or through the email's autofill,
 * or confirming it is you on home.
 */
export type Ceremony = 'register' | 'login' | 'autofill' | 'confirm';

/**
 * Why a ceremony ended without a passkey: the visitor closed the browser's dialog (or let it time
 * out), the browser has no WebAuthn, this authenticator already holds a passkey of the account,
 * the app stopped it (another ceremony, the view closed), the library's code could not be
 * fetched, the browser failed otherwise, or the server refused (see `error`).
 */
export type CeremonyFailure =
  | 'cancelled'
  | 'unsupported'
  | 'alreadyRegistered'
  | 'stopped'
  | 'notLoaded'
  | 'failed'
  | 'refused';

export interface CeremonyState {
  /** options: asking the server; browser: the browser's dialog is open; sending: checking. */
  step: 'idle' | 'options' | 'browser' | 'sending' | 'done' | 'failed';
  failure: CeremonyFailure | null;
  /** The server's refusal, for `refused`. */
  error: RequestError | null;
}

export interface PasskeysState {
  /** Whether this browser can make and use passkeys; null until a view that offers them asked. */
  supported: boolean | null;
  register: CeremonyState;
  /** The login view's ceremony, by the button or by the autofill (`via`). */
  login: CeremonyState & { via: 'login' | 'autofill' | null };
  /** Whether the email field's autofill offers passkeys right now. */
  autofill: 'off' | 'waiting';
  /** The passkey whose rename or removal form is open. */
  editing: { id: string; action: 'rename' | 'remove' } | null;
  /** What the last change on home achieved, said once. */
  done: 'added' | 'renamed' | 'removed' | null;
  // Absent, not null, until used: states without them keep the shape and hashes of earlier logs.
  /** Confirming it is you with a passkey, on home. */
  confirm?: CeremonyState;
  /**
   * After a password reset or "Log out all other devices", home offers to remove the passkeys
   * added since `since` (ms; RECENT_PASSKEY_DAYS before the change): one a thief added with a
   * stolen session would still sign in. Kept across home's navigations until answered.
   */
  review?: PasskeyReview;
}

export interface PasskeyReview {
  reason: 'reset' | 'endOthers';
  since: number;
}

const idle: CeremonyState = { step: 'idle', failure: null, error: null };

const initialState: PasskeysState = {
  supported: null,
  register: idle,
  login: { ...idle, via: null },
  autofill: 'off',
  editing: null,
  done: null,
};

/** A view that offers passkeys opened: whether the browser can use them. */
export const passkeySupportChecked = createAction<{ supported: boolean }>(
  'passkeys/supportChecked',
);
/** "Add a passkey" pressed, with the name the visitor chose. */
export const passkeyAddRequested = createAction<{ name: string }>('passkeys/addRequested');
/** "Sign in with a passkey" pressed. */
export const passkeyLoginRequested = createAction('passkeys/loginRequested');
/** The browser's dialog (or, for autofill, the field's offer) is open. */
export const passkeyCeremonyStarted = createAction<{ ceremony: Ceremony }>(
  'passkeys/ceremonyStarted',
);
/** The browser answered with a credential; the listener sends it to the server. */
export const passkeyCeremonyCompleted = createAction<{ ceremony: Ceremony }>(
  'passkeys/ceremonyCompleted',
);
/** The ceremony ended without a passkey; `browserError` is the browser's error name. */
export const passkeyCeremonyFailed = createAction<{
  ceremony: Ceremony;
  failure: CeremonyFailure;
  browserError?: string;
  error?: RequestError;
}>('passkeys/ceremonyFailed');
/** "Try again" pressed where the list could not be loaded: a listener asks for it again. */
export const passkeyListRetried = createAction('passkeys/listRetried');
export const passkeyEditOpened = createAction<{ id: string; action: 'rename' | 'remove' }>(
  'passkeys/editOpened',
);
export const passkeyEditClosed = createAction('passkeys/editClosed');
/** "Use a passkey" pressed to confirm it is you. */
export const passkeyConfirmRequested = createAction('passkeys/confirmRequested');

// Asking for a ceremony is acting on the view: a notice waiting for that goes.
countAsActing(
  passkeyAddRequested.match,
  passkeyLoginRequested.match,
  passkeyConfirmRequested.match,
);
/**
 * The second step of a password reset signed the visitor in (a listener: the reset's own answer
 * was a ticket), at `at` (ms): home offers to remove recent passkeys.
 */
export const passkeyReviewOffered = createAction<{ reason: PasskeyReview['reason']; at: number }>(
  'passkeys/reviewOffered',
);
/** The visitor answered the offer (kept them, or removed those chosen). */
export const passkeyReviewClosed = createAction('passkeys/reviewClosed');

const DAY_MS = 24 * 60 * 60 * 1000;
const reviewSince = (reason: PasskeyReview['reason'], at: number): PasskeyReview => ({
  reason,
  since: at - RECENT_PASSKEY_DAYS * DAY_MS,
});

export const passkeysSlice = createSlice({
  name: 'passkeys',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, () => initialState)
      .addCase(tokenRejected, () => initialState)
      .addCase(sessionEnded, () => initialState)
      // A new page starts with no ceremony or form open; an offer to review recent passkeys stays.
      .addCase(locationChanged, (state) => ({
        ...initialState,
        supported: state.supported,
        ...(state.review ? { review: state.review } : {}),
      }))
      .addCase(passkeySupportChecked, (state, { payload }) => {
        state.supported = payload.supported;
      })
      .addCase(passkeyAddRequested, (state) => {
        state.register = { step: 'options', failure: null, error: null };
        state.done = null;
        state.editing = null;
      })
      .addCase(passkeyLoginRequested, (state) => {
        state.login = { step: 'options', failure: null, error: null, via: 'login' };
        state.autofill = 'off';
      })
      .addCase(passkeyConfirmRequested, (state) => {
        state.confirm = { step: 'options', failure: null, error: null };
      })
      .addCase(passkeyReviewOffered, (state, { payload }) => {
        state.review = reviewSince(payload.reason, payload.at);
      })
      .addCase(passkeyReviewClosed, (state) => {
        delete state.review;
      })
      .addCase(passkeyCeremonyStarted, (state, { payload }) => {
        if (payload.ceremony === 'confirm') state.confirm = { ...idle, step: 'browser' };
        else if (payload.ceremony === 'register') state.register.step = 'browser';
        else if (payload.ceremony === 'login') state.login.step = 'browser';
        else state.autofill = 'waiting';
      })
      .addCase(passkeyCeremonyCompleted, (state, { payload }) => {
        if (payload.ceremony === 'confirm') {
          state.confirm = { ...idle, step: 'sending' };
          return;
        }
        if (payload.ceremony === 'register') {
          state.register.step = 'sending';
          return;
        }
        state.autofill = 'off';
        state.login = { step: 'sending', failure: null, error: null, via: payload.ceremony };
      })
      .addCase(passkeyCeremonyFailed, (state, { payload }) => {
        const failed: CeremonyState = {
          step: 'failed',
          failure: payload.failure,
          error: payload.error ?? null,
        };
        if (payload.ceremony === 'register') {
          state.register = failed;
          return;
        }
        if (payload.ceremony === 'confirm') {
          state.confirm = failed;
          return;
        }
        // An autofill offer that ends in the browser ends quietly: the visitor asked for nothing.
        if (payload.ceremony === 'autofill') {
          state.autofill = 'off';
          if (payload.failure !== 'refused') return;
        }
        state.login = { ...failed, via: payload.ceremony };
      })
      .addCase(passkeyEditOpened, (state, { payload }) => {
        state.editing = payload;
        state.done = null;
      })
      .addCase(passkeyEditClosed, (state) => {
        state.editing = null;
      })
      .addMatcher(api.endpoints.addPasskey.matchFulfilled, (state) => {
        state.register = { step: 'done', failure: null, error: null };
        state.done = 'added';
      })
      .addMatcher(api.endpoints.renamePasskey.matchFulfilled, (state) => {
        state.editing = null;
        state.done = 'renamed';
      })
      .addMatcher(api.endpoints.removePasskey.matchFulfilled, (state) => {
        state.editing = null;
        state.done = 'removed';
      })
      .addMatcher(api.endpoints.passkeyLogin.matchFulfilled, (state) => {
        state.login.step = 'done';
      })
      .addMatcher(api.endpoints.confirm.matchFulfilled, (state) => {
        if (state.confirm) state.confirm = { ...idle, step: 'done' };
      })
      // Every other session is gone: a passkey one of them added would still sign in.
      .addMatcher(api.endpoints.revokeOtherSessions.matchFulfilled, (state, action) => {
        state.review = reviewSince('endOthers', action.meta.fulfilledTimeStamp);
      })
      // A reset that signed the visitor in at once (its second step offers it: passkeyListeners).
      .addMatcher(api.endpoints.resetPassword.matchFulfilled, (state, action) => {
        if (signedIn(action)) {
          state.review = reviewSince('reset', action.meta.fulfilledTimeStamp);
        }
      });
  },
  selectors: {
    selectPasskeySupport: (state) => state.supported,
    selectPasskeyRegistration: (state) => state.register,
    selectPasskeyLogin: (state) => state.login,
    selectPasskeyAutofill: (state) => state.autofill,
    selectPasskeyEditing: (state) => state.editing,
    selectPasskeyDone: (state) => state.done,
    selectPasskeyConfirm: (state) => state.confirm ?? idle,
    selectPasskeyReview: (state) => state.review ?? null,
  },
});

export const {
  selectPasskeySupport,
  selectPasskeyRegistration,
  selectPasskeyLogin,
  selectPasskeyAutofill,
  selectPasskeyEditing,
  selectPasskeyDone,
  selectPasskeyConfirm,
  selectPasskeyReview,
} = passkeysSlice.selectors;

export interface PasskeyList {
  status: ReadStatus;
  items: Passkey[];
  error: RequestError | null;
}

const NO_PASSKEYS: Passkey[] = [];
const selectRead = api.endpoints.passkeys.select(undefined);

/**
 * The account's passkeys as the server said, newest first, with where the question stands: the
 * last answer's items stay while it is asked again, and after it could not be answered.
 */
export const selectPasskeyList = createSelector([selectRead], (read): PasskeyList => ({
  ...readProgress(read),
  items: read.data?.passkeys ?? NO_PASSKEYS,
}));

/** The passkeys an offer to review names: those added since its `since`, newest first. */
export function recentPasskeys(items: readonly Passkey[], review: PasskeyReview | null): Passkey[] {
  if (!review) return [];
  return items.filter((passkey) => Date.parse(passkey.createdAt) >= review.since);
}
