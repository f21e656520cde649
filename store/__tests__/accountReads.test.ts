import type { UnknownAction } from '@reduxjs/toolkit';

import { endpoints } from '../../contract/endpoints';
import { asToday } from '../../src/replay/foldLog';
import { ACCOUNT_READS, api } from '../apiSlice';
import { loggedOut, sessionEnded, tokenRejected } from '../authSlice';
import {
  confirmationExpired,
  selectConfirmationLapsed,
  selectConfirmedUntil,
} from '../confirmation/confirmationSlice';
import { rootReducer } from '../rootReducer';

/** The second factor's state as a log recorded before reads were queries: its answer. */
const olderAnswer: UnknownAction = {
  type: 'api/executeMutation/fulfilled',
  payload: { error: false, enabled: true, recoveryCodesLeft: 8 },
  meta: {
    requestId: 'request-1',
    requestStatus: 'fulfilled',
    arg: { type: 'mutation', endpointName: 'secondFactor', track: false },
  },
};

const pending: UnknownAction = {
  type: 'api/executeQuery/pending',
  meta: {
    requestId: 'request-1',
    requestStatus: 'pending',
    startedTimeStamp: 1,
    arg: { type: 'query', endpointName: 'secondFactor', queryCacheKey: 'secondFactor(undefined)' },
  },
};

it('caches the body-less reads of the signed-in account, and sends the rest as changes', () => {
  expect([...ACCOUNT_READS].sort()).toEqual([
    'confirmation',
    'emailChange',
    'oidcConnections',
    'passkeys',
    'secondFactor',
    'sessions',
  ]);
  for (const name of ACCOUNT_READS) expect(endpoints[name].method).toBe('GET');
  expect(api.endpoints.secondFactor.matchFulfilled(asToday(olderAnswer))).toBe(true);
  expect(api.endpoints.secondFactor.matchFulfilled(olderAnswer)).toBe(false);
});

it.each([
  loggedOut(),
  sessionEnded({ endpoint: 'sessions' }),
  tokenRejected({ navigationKey: 'k', code: 'INVALID_TOKEN' }),
])('drops every read at $type, so the next user on the tab never sees them', (end) => {
  const read = rootReducer(rootReducer(undefined, pending), asToday(olderAnswer));
  expect(api.endpoints.secondFactor.select(undefined)(read).data).toMatchObject({ enabled: true });
  const after = rootReducer(read, end);
  expect(after.api.queries).toEqual({});
  expect(api.endpoints.secondFactor.select(undefined)(after).isUninitialized).toBe(true);
});

it("folds the confirmation's end into its cached read from the actions alone, as a replay does", () => {
  const confirmed = {
    type: 'api/executeMutation/fulfilled',
    payload: { error: false, until: 2_000_000_600 },
    meta: {
      requestId: 'request-2',
      requestStatus: 'fulfilled',
      fulfilledTimeStamp: 5,
      arg: { type: 'mutation', endpointName: 'confirm', track: false },
    },
  };
  const refused = {
    type: 'api/executeMutation/rejected',
    payload: { status: 403, data: { error: true, code: 'CONFIRMATION_REQUIRED', message: 'x' } },
    meta: {
      requestId: 'request-3',
      requestStatus: 'rejected',
      arg: { type: 'mutation', endpointName: 'changeEmail', track: false },
    },
  };
  const states = [confirmed, confirmationExpired(), confirmed, refused].reduce(
    (folded, action) => [...folded, rootReducer(folded.at(-1), action)],
    [rootReducer(undefined, { type: 'start' })],
  );
  const untils = states.map(selectConfirmedUntil);
  expect(untils).toEqual([null, 2_000_000_600, null, 2_000_000_600, null]);
  expect(states.map(selectConfirmationLapsed)).toEqual([false, false, false, false, true]);
  // Held once, in the cache: the slice keeps only the refusal.
  expect(states[1]!.api.queries['confirmation(undefined)']?.data).toEqual(confirmed.payload);
  expect(states[1]!.confirmation).toEqual({});
  // The same actions fold to the same state: nothing of the clock or chance goes in.
  expect(rootReducer(states[0], confirmed)).toEqual(states[1]);
});
