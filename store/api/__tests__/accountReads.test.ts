import type { UnknownAction } from '@reduxjs/toolkit';

import { endpoints } from '../../../contract/endpoints';
import { asToday } from '../../../src/replay/foldLog';
import { loggedOut, sessionEnded, tokenRejected } from '../../auth/authSlice';
import { rootReducer } from '../../rootReducer';
import { ACCOUNT_READS, api } from '../apiSlice';

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
