// A log recorded before the account's reads were cached queries (its reads sent as mutations, its
// starting state with the sessions and the pending email change in slices of their own) still
// replays: its reads are folded as the queries they are now, and tell the same story.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { UnknownAction } from '@reduxjs/toolkit';
import { render, screen } from '@testing-library/react';

import { decodeLog } from '../../../contract/action-log';
import { selectSessions } from '../../../features/login/sessionsSlice';
import { App } from '../../app/App';
import { describeActions } from '../describe';
import { allStates } from '../foldLog';
import { viewOnlyStore } from '../viewOnlyStore';

const OLDER = readFileSync(path.join(__dirname, 'troubledSession.older.json'), 'utf8');

it('replays a log whose reads were recorded as mutations, through the cache', async () => {
  const log = decodeLog(OLDER);
  const reads = log.actions
    .map((action, index) => ({ index, action: action as UnknownAction }))
    .filter(({ action }) => /sessions|emailChange/.test(JSON.stringify(action.meta ?? {})));
  expect(reads.map(({ action }) => action.type)).toEqual([
    'api/executeMutation/pending',
    'api/executeMutation/pending',
    'api/executeMutation/fulfilled',
    'api/executeMutation/fulfilled',
  ]);
  const states = allStates(log);
  const answered = states[reads[3]!.index + 1]!;
  expect(selectSessions(answered)).toMatchObject({ status: 'loaded', error: null });
  expect(selectSessions(answered).list.map((session) => session.current)).toEqual([true]);
  expect(answered.api.queries['emailChange(undefined)']?.data).toEqual({
    error: false,
    pending: null,
  });
  // Logged out: the reads are dropped with the session, as they are today.
  expect(states.at(-1)!.api.queries).toEqual({});
  expect(selectSessions(states.at(-1)!).status).toBe('idle');

  const words = describeActions(log.actions as UnknownAction[], log.timestamps).map(
    (step) => step.text,
  );
  expect(words).toEqual(expect.arrayContaining(['sessions sent', 'sessions OK (0 ms)']));

  render(<App store={viewOnlyStore(states.at(-1)!)} />);
  expect(
    await screen.findByText((_text, element) => element?.getAttribute('data-view') === 'login'),
  ).toBeInTheDocument();
});
