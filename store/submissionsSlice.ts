// The state of each form's request, decoded from the API's actions. Field values stay in the
// forms themselves; only what the server said lives here, so time travel shows it too.
import { createAction, createSlice, isAnyOf } from '@reduxjs/toolkit';

import type { FieldErrorCode } from '../contract/api';
import { ENDPOINT_FORMS, type FormName } from '../contract/endpoints';

import { api, callFailure, type RequestError } from './apiSlice';
import { locationChanged } from './router/routerSlice';

/** Each form (or button) named by the contract's endpoint table, with the endpoints it sends. */
export type { FormName };

export interface Submission {
  status: 'idle' | 'pending' | 'succeeded' | 'failed';
  error: RequestError | null;
  /** When the last successful answer arrived (ms), e.g. to say when a resend is possible. */
  succeededAt: number | null;
}

/**
 * Forms added since logs were first recorded start absent, not idle, and appear once sent, so
 * states without them keep the shape and hashes of the logs recorded before them.
 */
const ABSENT_UNTIL_SENT = ['confirm'] as const satisfies readonly FormName[];
type LaterForm = (typeof ABSENT_UNTIL_SENT)[number];

export type SubmissionsState = Record<Exclude<FormName, LaterForm>, Submission> &
  Partial<Record<LaterForm, Submission>>;

/**
 * The browser refused a submit before sending it: which form and why, field by field (the codes
 * only, never the values). It changes no state; it is there for the action log's story.
 */
export const validationFailed = createAction<{
  form: FormName;
  fields: Partial<Record<string, FieldErrorCode>>;
}>('form/validationFailed');

const idle: Submission = { status: 'idle', error: null, succeededAt: null };

const initialState = Object.fromEntries(
  ENDPOINT_FORMS.filter(([form]) => !(ABSENT_UNTIL_SENT as readonly FormName[]).includes(form)).map(
    ([form]) => [form, idle],
  ),
) as SubmissionsState;

export const submissionsSlice = createSlice({
  name: 'submissions',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    // A new page starts with clean forms, except the activation view's resend timer, which
    // must survive the redirect from sign-up.
    builder.addCase(locationChanged, (state) => ({ ...initialState, resend: state.resend }));
    for (const [form, name] of ENDPOINT_FORMS) {
      const endpoint = api.endpoints[name];
      builder.addMatcher(isAnyOf(endpoint.matchPending), (state) => {
        state[form] = { ...(state[form] ?? idle), status: 'pending', error: null };
      });
      builder.addMatcher(isAnyOf(endpoint.matchFulfilled), (state, action) => {
        state[form] = {
          status: 'succeeded',
          error: null,
          succeededAt: action.meta.fulfilledTimeStamp,
        };
      });
      builder.addMatcher(isAnyOf(endpoint.matchRejected), (state, action) => {
        const error = callFailure(action);
        if (error) state[form] = { ...(state[form] ?? idle), status: 'failed', error };
      });
    }
  },
  selectors: {
    selectSubmission: (state, form: FormName): Submission => state[form] ?? idle,
  },
});

export const { selectSubmission } = submissionsSlice.selectors;
