// The console's funnel panel (features/operator/FunnelPanel.tsx): the period support asked for and the
// server's answer (GET /v1/api/operator/funnel), plain data. The request is a listener's
// (funnelListeners.ts); a refusal that ends the console's confirmation closes the console as any
// other (operatorSlice.ts).
import { createAction, createSlice, type WithSlice } from '@reduxjs/toolkit';

import type { FunnelOkBody } from '../../contract/funnel';
import type { RequestError } from '../../store/apiSlice';
import { loggedOut, sessionEnded, tokenRejected } from '../../store/authSlice';
import { rootReducer } from '../../store/rootReducer';

export interface OperatorFunnelState {
  /** The period asked for, as `2026-11-24` days; empty: the server's default (the last 30 days). */
  from: string;
  to: string;
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  /** The last answer: it stays on screen while another period loads. */
  funnel: FunnelOkBody | null;
  error: RequestError | null;
}

const initialState: OperatorFunnelState = {
  from: '',
  to: '',
  status: 'idle',
  funnel: null,
  error: null,
};

export const operatorFunnelRequested = createAction<{ from: string; to: string }>(
  'operatorFunnel/requested',
);
export const operatorFunnelAnswered = createAction<
  { ok: true; value: FunnelOkBody } | { ok: false; error: RequestError }
>('operatorFunnel/answered');

export const operatorFunnelSlice = createSlice({
  name: 'operatorFunnel',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, () => initialState)
      .addCase(tokenRejected, () => initialState)
      .addCase(sessionEnded, () => initialState)
      .addCase(operatorFunnelRequested, (state, { payload }) => {
        state.from = payload.from;
        state.to = payload.to;
        state.status = 'loading';
        state.error = null;
      })
      .addCase(operatorFunnelAnswered, (state, { payload }) => {
        if (payload.ok) {
          state.status = 'loaded';
          state.funnel = payload.value;
        } else {
          state.status = 'failed';
          state.error = payload.error;
        }
      });
  },
  selectors: {
    selectOperatorFunnel: (state) => state,
  },
});

declare module '../../store/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  export interface LazyLoadedSlices extends WithSlice<typeof operatorFunnelSlice> {}
}

export const { selectOperatorFunnel } = operatorFunnelSlice.injectInto(rootReducer).selectors;
