// A long, realistic log made without a browser: navigations with their verify calls, sessions
// starting and ending, language switches. Its hashes come from folding it, as a recording's do.
import type { UnknownAction } from '@reduxjs/toolkit';

import { actionLogText } from '../../contract/action-log';
import { stateHash } from '../../store/actionLog/stateHash';
import { sessionVerified, tokenRejected, verifyStarted } from '../../store/authSlice';
import { localeChanged } from '../../store/locale/localeSlice';
import { rootReducer } from '../../store/rootReducer';
import { locationChanged } from '../../store/router/routerSlice';
import { USER } from '../app/fetchStub';

const PATHS = ['/', '/login', '/signup', '/user/verify-account'];

function navigation(step: number): UnknownAction[] {
  const navigationKey = `k${step}`;
  const location = {
    pathname: PATHS[step % 4]!,
    search: '',
    hash: '',
    key: navigationKey,
    state: null,
  };
  const outcome =
    step % 3 === 0
      ? tokenRejected({ navigationKey, code: 'INVALID_TOKEN' })
      : sessionVerified({ navigationKey, user: USER, expiresAt: 1_900_000_000 });
  const events: UnknownAction[] = [
    locationChanged({ action: 'PUSH', location }),
    verifyStarted({ navigationKey }),
    outcome,
  ];
  if (step % 10 === 0) events.push(localeChanged(step % 20 === 0 ? 'kh' : 'en'));
  return events;
}

export function generatedLogText(count: number, start = Date.UTC(2026, 0, 1)): string {
  const actions: UnknownAction[] = [];
  for (let step = 0; actions.length < count; step += 1) actions.push(...navigation(step));
  actions.length = count;
  const preloaded = rootReducer(undefined, { type: '@@INIT' });
  const stateHashes: string[] = [];
  let state = preloaded;
  for (const action of actions) {
    state = rootReducer(state, action);
    stateHashes.push(stateHash(state));
  }
  return actionLogText({
    actionJsons: actions.map((action) => JSON.stringify(action)),
    preloadedStateJson: JSON.stringify(preloaded),
    timestamps: actions.map((_action, index) => start + index * 250),
    stateHashes,
  });
}

/** A log of one activation refused by the server: its request and answer, as the app records them. */
export function refusedActivationLog(logId: string, requestId: string, sentAt: number): string {
  const arg = { type: 'mutation', endpointName: 'verifyAccount' };
  const actions: UnknownAction[] = [
    {
      type: 'api/executeMutation/pending',
      payload: undefined,
      meta: { arg, requestId: 'rtk-1', requestStatus: 'pending', startedTimeStamp: sentAt },
    },
    {
      type: 'api/executeMutation/rejected',
      payload: {
        status: 400,
        data: { error: true, code: 'INVALID_CODE', message: 'The code is not valid.' },
      },
      error: { message: 'Rejected' },
      meta: {
        arg,
        requestId: 'rtk-1',
        requestStatus: 'rejected',
        rejectedWithValue: true,
        baseQueryMeta: { requestId },
      },
    },
  ];
  const preloaded = rootReducer(undefined, { type: '@@INIT' });
  let state = preloaded;
  const stateHashes = actions.map((action) => stateHash((state = rootReducer(state, action))));
  return actionLogText({
    actionJsons: actions.map((action) => JSON.stringify(action)),
    preloadedStateJson: JSON.stringify(preloaded),
    timestamps: [sentAt, sentAt + 40],
    stateHashes,
    logId,
  });
}
