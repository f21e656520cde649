// A log whose every string is hostile text: each variant breaks out of one place a generator or a
// terminal might put it (a `//` or `/* */` comment, a quoted or template literal, a line of
// output), and as code it writes a file of its own name into `markerDir`. A tool that keeps a log
// as data leaves that folder empty. Its hashes come from folding it, as a recording's do.
import path from 'node:path';

import type { UnknownAction } from '@reduxjs/toolkit';

import { actionLogText } from '../../contract/action-log';
import { stateHash } from '../../store/actionLog/stateHash';
import { rootReducer } from '../../store/rootReducer';

/** The log id the hostile log's tab sent (ids are checked by the log's schema, so this one is plain). */
export const HOSTILE_LOG_ID = 'hostile-log-1';

/** Code that writes `markerDir/name`: what a hostile text runs if it ever becomes code. */
export function markerCode(markerDir: string, name: string): string {
  return `require("fs").writeFileSync(${JSON.stringify(path.join(markerDir, name))},"ran")`;
}

/** Hostile text: every variant, each writing `markerDir/<variant>` if it ever runs as code. */
export function hostileText(markerDir: string): string {
  const write = (name: string) => markerCode(markerDir, name);
  return [
    `\n${write('newline')};//`,
    `\r${write('return')};//`,
    `\u2028${write('u2028')};//`,
    `\u2029${write('u2029')};//`,
    `*/${write('comment-end')};/*`,
    `\`;${write('backtick')};\``,
    `\${${write('interpolation')}}`,
    `';${write('single-quote')};'`,
    `";${write('double-quote')};"`,
    `\\";${write('backslash')};//`,
    `\u202e\u001b[2J\u0007 forged line\n  12     +9.99 s  login OK (1 ms)`,
  ].join(' ');
}

/**
 * Every string field a log has set to `text`: the app's name and version, the language, a path
 * and its query, an action type, a form and its field codes, an endpoint, error codes and field
 * codes of a refusal, a request id, a user and a device, a view.
 */
export function hostileLogText(text: string, start = Date.UTC(2026, 10, 20, 9, 0, 0)): string {
  return foldedLogText(
    hostileActions(text),
    { locale: { current: text } },
    start,
    `${text}@${text}`,
  );
}

/** A log of these actions from the app's first state (with `state` on top), hashes folded. */
export function foldedLogText(
  actions: UnknownAction[],
  state: Record<string, unknown> = {},
  start = Date.UTC(2026, 10, 20, 9, 0, 0),
  app?: string,
): string {
  const preloaded = { ...rootReducer(undefined, { type: '@@INIT' }), ...state };
  let folded = preloaded as ReturnType<typeof rootReducer>;
  const stateHashes = actions.map((action) => stateHash((folded = rootReducer(folded, action))));
  const file = JSON.parse(
    actionLogText({
      actionJsons: actions.map((action) => JSON.stringify(action)),
      preloadedStateJson: JSON.stringify(preloaded),
      timestamps: actions.map((_action, index) => start + index * 1000),
      stateHashes,
      logId: HOSTILE_LOG_ID,
    }),
  ) as { actionLog: { app: string } };
  if (app !== undefined) file.actionLog.app = app;
  return JSON.stringify(file);
}

function hostileActions(text: string): UnknownAction[] {
  const requestArg = (endpointName: string) => ({ type: 'mutation', endpointName });
  const refusal = (endpointName: string, requestId: string) => ({
    type: 'api/executeMutation/rejected',
    payload: {
      status: 400,
      data: { error: true, code: text, message: text, fields: { [text]: text, password: text } },
    },
    error: { message: 'Rejected' },
    meta: {
      arg: requestArg(endpointName),
      requestId,
      requestStatus: 'rejected',
      rejectedWithValue: true,
      baseQueryMeta: { requestId: text },
    },
  });
  const pending = (endpointName: string, requestId: string) => ({
    type: 'api/executeMutation/pending',
    payload: undefined,
    meta: { arg: requestArg(endpointName), requestId, requestStatus: 'pending' },
  });
  return [
    {
      type: 'router/locationChanged',
      payload: {
        action: 'PUSH',
        location: { pathname: `/${text}`, search: `?${text}`, hash: '', key: text, state: null },
      },
    },
    { type: 'locale/changed', payload: text },
    { type: 'form/validationFailed', payload: { form: text, fields: { [text]: text } } },
    pending(text, 'rtk-1'),
    refusal(text, 'rtk-1'),
    pending('verifyAccount', 'rtk-2'),
    refusal('verifyAccount', 'rtk-2'),
    { type: text, payload: text },
    {
      type: 'auth/sessionVerified',
      payload: {
        navigationKey: text,
        user: { id: text, name: text, email: 'hostile@example.com', createdAt: text },
        expiresAt: 1_900_000_000,
      },
    },
    {
      type: 'api/executeQuery/fulfilled',
      payload: {
        error: false,
        sessions: [{ id: text, createdAt: text, lastUsedAt: text, userAgent: text, current: true }],
      },
      meta: {
        arg: { type: 'query', endpointName: 'sessions', queryCacheKey: 'sessions(undefined)' },
        requestId: 'rtk-3',
        requestStatus: 'fulfilled',
        baseQueryMeta: { requestId: text },
      },
    },
    { type: 'app/viewFailed', payload: { view: text, reason: text } },
  ];
}
