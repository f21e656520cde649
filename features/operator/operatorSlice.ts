// The operator console's state: whether this session may use it (asked of the operator API, which
// answers 403 FORBIDDEN to anyone not an operator and CONFIRMATION_REQUIRED to an operator not
// confirmed strongly in the last ten minutes), the search, the user's page, the events of a client
// address, and the action support is confirming or sending. Only what the server said and what
// support typed lives here, all plain data; every request is a listener's (operatorListeners.ts).
import { createAction, createSlice, type WithSlice } from '@reduxjs/toolkit';

import type {
  OperatorEventsOk,
  OperatorUploadsOk,
  OperatorUserOk,
  OperatorUsersOk,
} from '../../contract/api';
import type { RequestError } from '../../store/apiSlice';
import { loggedOut, sessionEnded, tokenRejected } from '../../store/authSlice';
import { noticeOn } from '../../store/notice/noticeSlice';
import { rootReducer } from '../../store/rootReducer';

import { operatorFunnelAnswered } from './funnelSlice';

export type OperatorUserRow = OperatorUsersOk['users'][number];
export type OperatorUserSummary = OperatorUserOk['user'];
export type OperatorEvent = OperatorEventsOk['events'][number];
export type OperatorUpload = OperatorUploadsOk['uploads'][number];

/**
 * `unknown` until asked; `open`: the operator API answers; `confirm`: an operator who must confirm
 * it is them (with the second factor or a passkey); `forbidden`: not an operator (sent home);
 * `failed`: no answer (the console says so, with "Try again").
 */
export type OperatorAccess = 'unknown' | 'checking' | 'open' | 'confirm' | 'forbidden' | 'failed';

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface EventsPage {
  status: LoadStatus;
  list: OperatorEvent[];
  /** The cursor of the next (older) page; null on the last. */
  next: string | null;
  error: RequestError | null;
  /** An older page is being asked for (the list stays on screen meanwhile). */
  loadingMore: boolean;
}

/** What support can do to a user, each behind a confirmation step on screen. */
export type OperatorActionKind =
  'endSession' | 'endAllSessions' | 'lock' | 'unlock' | 'resendActivation' | 'delete';

export interface OperatorAction {
  kind: OperatorActionKind;
  userId: string;
  /** The session to end (`endSession`). */
  sessionId?: string;
}

export interface OperatorState {
  access: OperatorAccess;
  /** Why the last check of access got no answer. */
  accessError: RequestError | null;
  /** The console was open in this session: a later CONFIRMATION_REQUIRED means it lapsed. */
  lapsed: boolean;
  search: {
    text: string;
    status: LoadStatus;
    users: OperatorUserRow[];
    error: RequestError | null;
  };
  user: {
    id: string;
    status: LoadStatus;
    summary: OperatorUserSummary | null;
    error: RequestError | null;
  } | null;
  events: EventsPage;
  /** The user's uploaded activity logs, newest first. */
  uploads: {
    id: string;
    status: LoadStatus;
    list: OperatorUpload[];
    error: RequestError | null;
  } | null;
  address: { text: string } & EventsPage;
  /** The action shown with its confirmation step, not sent yet. */
  asked: OperatorAction | null;
  /** The last action sent, and how it went. */
  sent: {
    action: OperatorAction;
    status: 'sending' | 'done' | 'failed';
    error: RequestError | null;
    /** Sessions ended, for the end-sessions actions. */
    ended?: number;
  } | null;
}

const noEvents: EventsPage = {
  status: 'idle',
  list: [],
  next: null,
  error: null,
  loadingMore: false,
};

const initialState: OperatorState = {
  access: 'unknown',
  accessError: null,
  lapsed: false,
  search: { text: '', status: 'idle', users: [], error: null },
  user: null,
  events: noEvents,
  uploads: null,
  address: { text: '', ...noEvents },
  asked: null,
  sent: null,
};

type Outcome<T> = { ok: true; value: T } | { ok: false; error: RequestError };

export const operatorAccessAsked = createAction('operator/accessAsked');
export const operatorAccessChecked = createAction<{
  access: 'open' | 'confirm' | 'forbidden' | 'failed';
  error?: RequestError;
}>('operator/accessChecked');
/** Not an operator: the console sends the visitor home, whose notice says why. */
export const operatorSentHome = createAction('operator/sentHome');

noticeOn(operatorSentHome.match, 'operatorsOnly');
/** "Try again" where the console could not ask for access, or a page could not load. */
export const operatorRetried = createAction('operator/retried');

export const operatorSearchRequested = createAction<{ text: string }>('operator/searchRequested');
export const operatorSearchAnswered =
  createAction<Outcome<OperatorUserRow[]>>('operator/searchAnswered');

export const operatorUserAsked = createAction<{ id: string }>('operator/userAsked');
export const operatorUserAnswered = createAction<{ id: string } & Outcome<OperatorUserSummary>>(
  'operator/userAnswered',
);

export const operatorUploadsAnswered = createAction<{ id: string } & Outcome<OperatorUpload[]>>(
  'operator/uploadsAnswered',
);

export type EventsOf = 'user' | 'address';
export const operatorEventsAsked = createAction<{ of: EventsOf; more: boolean }>(
  'operator/eventsAsked',
);
export const operatorEventsAnswered = createAction<
  { of: EventsOf; more: boolean; key: string } & Outcome<{
    events: OperatorEvent[];
    next: string | null;
  }>
>('operator/eventsAnswered');
/** Support typed a client address to read its events. */
export const operatorAddressRequested = createAction<{ text: string }>('operator/addressRequested');
/** "Older events" under a list. */
export const operatorMoreEventsRequested = createAction<{ of: EventsOf }>(
  'operator/moreEventsRequested',
);

/** An action's button pressed: its confirmation step shows. */
export const operatorActionAsked = createAction<OperatorAction>('operator/actionAsked');
export const operatorActionCancelled = createAction('operator/actionCancelled');
/** The confirmation step's button: a listener sends the action. */
export const operatorActionConfirmed = createAction('operator/actionConfirmed');
export const operatorActionAnswered = createAction<
  { action: OperatorAction } & Outcome<{ ended?: number }>
>('operator/actionAnswered');

/** A refusal that says the console's confirmation has ended. */
const lapsedBy = (error: RequestError) => error.code === 'CONFIRMATION_REQUIRED';

function closeOnRefusal(state: OperatorState, error: RequestError) {
  if (lapsedBy(error)) {
    state.access = 'confirm';
    state.lapsed = true;
  } else if (error.code === 'FORBIDDEN') {
    state.access = 'forbidden';
  }
}

export const operatorSlice = createSlice({
  name: 'operator',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, () => initialState)
      .addCase(tokenRejected, () => initialState)
      .addCase(sessionEnded, () => initialState)
      .addCase(operatorAccessAsked, (state) => {
        if (state.access !== 'open') state.access = 'checking';
        state.accessError = null;
      })
      .addCase(operatorAccessChecked, (state, { payload }) => {
        state.access = payload.access;
        state.accessError = payload.error ?? null;
        if (payload.access === 'open') state.lapsed = false;
      })
      .addCase(operatorSearchRequested, (state, { payload }) => {
        state.search = { text: payload.text, status: 'loading', users: [], error: null };
      })
      .addCase(operatorSearchAnswered, (state, { payload }) => {
        if (payload.ok) {
          state.search.status = 'loaded';
          state.search.users = payload.value;
        } else {
          state.search.status = 'failed';
          state.search.error = payload.error;
          closeOnRefusal(state, payload.error);
        }
      })
      .addCase(operatorUserAsked, (state, { payload }) => {
        const same = state.user?.id === payload.id;
        state.user = {
          id: payload.id,
          status: 'loading',
          summary: same ? (state.user?.summary ?? null) : null,
          error: null,
        };
        if (!same) state.events = noEvents;
        const list = state.uploads?.id === payload.id ? state.uploads.list : [];
        state.uploads = { id: payload.id, status: 'loading', list, error: null };
      })
      .addCase(operatorUploadsAnswered, (state, { payload }) => {
        if (state.uploads?.id !== payload.id) return;
        if (payload.ok) {
          state.uploads = { id: payload.id, status: 'loaded', list: payload.value, error: null };
        } else {
          state.uploads.status = 'failed';
          state.uploads.error = payload.error;
          closeOnRefusal(state, payload.error);
        }
      })
      .addCase(operatorUserAnswered, (state, { payload }) => {
        if (state.user?.id !== payload.id) return;
        if (payload.ok) {
          state.user = { id: payload.id, status: 'loaded', summary: payload.value, error: null };
        } else {
          state.user.status = 'failed';
          state.user.error = payload.error;
          closeOnRefusal(state, payload.error);
        }
      })
      .addCase(operatorAddressRequested, (state, { payload }) => {
        state.address = { text: payload.text, ...noEvents };
      })
      .addCase(operatorEventsAsked, (state, { payload }) => {
        const page = payload.of === 'user' ? state.events : state.address;
        if (payload.more) page.loadingMore = true;
        else Object.assign(page, { status: 'loading', list: [], next: null, loadingMore: false });
        page.error = null;
      })
      .addCase(operatorEventsAnswered, (state, { payload }) => {
        const key = payload.of === 'user' ? (state.user?.id ?? '') : state.address.text;
        if (payload.key !== key) return;
        const page = payload.of === 'user' ? state.events : state.address;
        page.loadingMore = false;
        if (payload.ok) {
          page.status = 'loaded';
          page.list = payload.more ? [...page.list, ...payload.value.events] : payload.value.events;
          page.next = payload.value.next;
        } else {
          if (!payload.more) page.status = 'failed';
          page.error = payload.error;
          closeOnRefusal(state, payload.error);
        }
      })
      .addCase(operatorActionAsked, (state, { payload }) => {
        state.asked = payload;
        state.sent = null;
      })
      .addCase(operatorActionCancelled, (state) => {
        state.asked = null;
      })
      .addCase(operatorActionConfirmed, (state) => {
        if (!state.asked) return;
        state.sent = { action: state.asked, status: 'sending', error: null };
        state.asked = null;
      })
      .addCase(operatorActionAnswered, (state, { payload }) => {
        if (payload.ok) {
          state.sent = {
            action: payload.action,
            status: 'done',
            error: null,
            ...(payload.value.ended === undefined ? {} : { ended: payload.value.ended }),
          };
        } else {
          state.sent = { action: payload.action, status: 'failed', error: payload.error };
          // FORBIDDEN here may be the target's (an operator is never locked or deleted): the
          // listener asks again whether this session may still use the console.
          if (lapsedBy(payload.error)) closeOnRefusal(state, payload.error);
        }
      })
      // The funnel panel's refusals close the console as any other panel's.
      .addCase(operatorFunnelAnswered, (state, { payload }) => {
        if (!payload.ok) closeOnRefusal(state, payload.error);
      });
  },
  selectors: {
    selectOperatorAccess: (state) => state.access,
    selectOperatorAccessError: (state) => state.accessError,
    selectOperatorLapsed: (state) => state.lapsed,
    selectOperatorSearch: (state) => state.search,
    selectOperatorUser: (state) => state.user,
    selectOperatorEvents: (state) => state.events,
    selectOperatorUploads: (state) => state.uploads,
    selectOperatorAddress: (state) => state.address,
    selectOperatorAsked: (state) => state.asked,
    selectOperatorSent: (state) => state.sent,
  },
});

declare module '../../store/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  export interface LazyLoadedSlices extends WithSlice<typeof operatorSlice> {}
}

/** Known to the root reducer now; in the state from the console's `app/partLoaded` (part.ts). */
const injectedOperatorSlice = operatorSlice.injectInto(rootReducer);

export const {
  selectOperatorAccess,
  selectOperatorAccessError,
  selectOperatorLapsed,
  selectOperatorSearch,
  selectOperatorUser,
  selectOperatorEvents,
  selectOperatorUploads,
  selectOperatorAddress,
  selectOperatorAsked,
  selectOperatorSent,
} = injectedOperatorSlice.selectors;
